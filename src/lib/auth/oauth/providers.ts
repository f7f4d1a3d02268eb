import 'server-only';

import { z } from 'zod';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';

/**
 * The identity providers the site offers, in the order the sign-in page shows them: Microsoft
 * Entra ID and Google on a hosted project, and `keycloak`, which the embedded backend points at its
 * local provider (Bitwerf ID) and a hosted project could point at the firm's own Keycloak.
 */
export const OAUTH_PROVIDERS = ['azure', 'google', 'keycloak'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** The scopes each provider needs for Auth to read a verified e-mail address. */
export const OAUTH_SCOPES: Record<OAuthProvider, string> = {
  // Entra ID leaves the address out of its token without the `email` scope.
  azure: 'email',
  google: 'email profile',
  // GoTrue reads Keycloak's userinfo, which answers only an `openid` request.
  keycloak: 'openid',
};

const settingsSchema = z.object({ external: z.record(z.string(), z.boolean()) });

/** How long the answer of Auth's settings is kept: a provider switched on shows within this. */
const SETTINGS_SECONDS = 60;
let known: { providers: readonly OAuthProvider[]; until: number } | undefined;

/**
 * The providers enabled on the project, from Auth's `GET /settings` (`external`). One answer is
 * kept for a minute (one entry, so nothing a visitor sends can grow it). When Auth cannot be
 * reached the page shows no provider, and the password form explains the outage if it is used.
 */
export async function enabledOAuthProviders(): Promise<readonly OAuthProvider[]> {
  if (known && known.until > Date.now()) return known.providers;
  const { url, key } = getSupabasePublicEnv();
  try {
    const response = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: key }, signal: AbortSignal.timeout(3_000) });
    if (!response.ok) return [];
    const parsed = settingsSchema.safeParse(await response.json());
    if (!parsed.success) return [];
    const providers = OAUTH_PROVIDERS.filter((provider) => parsed.data.external[provider] === true);
    known = { providers, until: Date.now() + SETTINGS_SECONDS * 1000 };
    return providers;
  } catch {
    return [];
  }
}
