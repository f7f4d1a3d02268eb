import { z } from 'zod';

import { encodeValues, queryEscape } from './go-url';
import type { OAuthProviderConfig } from './providers';

/** GoTrue's provider HTTP timeout (GOTRUE_INTERNAL_HTTP_TIMEOUT, default 10 s). */
const PROVIDER_TIMEOUT_MS = 10_000;

/** What GoTrue's `provider.UserProvidedData` carries for keycloak: at most one, primary, address. */
export interface ProviderUserData {
  email: { address: string; verified: boolean } | undefined;
  /** `structs.Map(Claims)`: identity_data of the identity and the keys merged into user_metadata. */
  identityData: Record<string, unknown> & { sub?: string };
}

/** The realm URL without a trailing slash, as NewKeycloakProvider trims it. */
const realm = (config: OAuthProviderConfig): string => config.url.replace(/\/$/, '');

/** GoTrue's keycloak scopes: `profile email`, then the caller's `scopes` split on commas. */
export function keycloakScopes(scopes: string): string[] {
  return ['profile', 'email', ...(scopes === '' ? [] : scopes.split(','))];
}

/** golang.org/x/oauth2 `Config.AuthCodeURL` for the keycloak endpoint, with the caller's extra parameters. */
export function keycloakAuthUrl(config: OAuthProviderConfig, state: string, scopes: string, extra: Map<string, string>): string {
  const values = new Map<string, string>([
    ['response_type', 'code'],
    ['client_id', config.clientId],
    ['redirect_uri', config.redirectUri],
    ['scope', keycloakScopes(scopes).join(' ')],
    ['state', state],
  ]);
  for (const [key, value] of extra) values.set(key, value);
  return `${realm(config)}/protocol/openid-connect/auth?${encodeValues(values)}`;
}

const tokenResponse = z.object({ access_token: z.string().min(1), refresh_token: z.string().optional() });

/**
 * x/oauth2 `Config.Exchange`: the code at the token endpoint, the client authenticated with
 * HTTP Basic (its first choice; the local provider accepts it, so the fallback to a secret in
 * the body is never needed). Throws on any failure; the caller words the error as GoTrue does.
 */
export async function exchangeKeycloakCode(
  config: OAuthProviderConfig,
  code: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const basic = Buffer.from(`${queryEscape(config.clientId)}:${queryEscape(config.secret)}`).toString('base64');
  const response = await fetch(`${realm(config)}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: encodeValues([
      ['grant_type', 'authorization_code'],
      ['code', code],
      ['redirect_uri', config.redirectUri],
    ]),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`oauth2: cannot fetch token: ${response.status}`);
  const token = tokenResponse.parse(await response.json());
  return { accessToken: token.access_token, refreshToken: token.refresh_token ?? '' };
}

/** The claims keycloakProvider reads itself; every other userinfo claim goes to `custom_claims`. */
const STANDARD_CLAIMS = new Set(['name', 'sub', 'email', 'email_verified']);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** keycloakProvider.GetUserData: the userinfo endpoint with the provider's access token (GoTrue reads no ID token here). */
export async function keycloakUserData(config: OAuthProviderConfig, accessToken: string): Promise<ProviderUserData> {
  const response = await fetch(`${realm(config)}/protocol/openid-connect/userinfo`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`userinfo request failed: ${response.status}`);
  const claims = z.record(z.string(), z.unknown()).parse(await response.json());
  const name = text(claims.name);
  const sub = text(claims.sub);
  // GoTrue lower-cases the address when it stores the identity, in the same map it then merges into user_metadata.
  const email = text(claims.email).toLowerCase();
  // A type assertion to bool in Go: only a JSON true counts.
  const verified = claims.email_verified === true;
  const customClaims = Object.fromEntries(Object.entries(claims).filter(([key]) => !STANDARD_CLAIMS.has(key)));
  // structs.Map of provider.Claims: `omitempty` drops empty strings; email_verified, phone_verified
  // and the (non-nil, maybe empty) custom_claims map are always there.
  const identityData: ProviderUserData['identityData'] = {
    iss: realm(config),
    ...(sub === '' ? {} : { sub }),
    ...(name === '' ? {} : { name }),
    ...(email === '' ? {} : { email }),
    email_verified: verified,
    phone_verified: false,
    custom_claims: customClaims,
    ...(name === '' ? {} : { full_name: name }),
    ...(sub === '' ? {} : { provider_id: sub }),
  };
  return { email: email === '' ? undefined : { address: email, verified }, identityData };
}
