/** GoTrue's `OAuthProviderConfiguration` for a provider that is on (GOTRUE_EXTERNAL_<NAME>_*). */
export interface OAuthProviderConfig {
  /** For keycloak: the realm URL, `https://host/realms/<realm>`. */
  url: string;
  clientId: string;
  secret: string;
  /** This Auth server's `/callback`, registered at the provider. */
  redirectUri: string;
}

/**
 * The external providers that are on. Only `keycloak` can be: the local identity provider
 * (src/idp/) sets it once it listens, which is after the Auth routes are built (the provider
 * needs the Auth server's callback URL), so the routes read this object on each request.
 */
export interface ExternalProviders {
  keycloak?: OAuthProviderConfig;
}

/** GoTrue's provider names (`internal/api/provider_constants.go`, the cases of `API.Provider`). */
const GOTRUE_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'snapchat',
  'spotify',
  'slack',
  'slack_oidc',
  'twitch',
  'twitter',
  'x',
  'vercel_marketplace',
  'workos',
  'zoom',
]);

/**
 * GoTrue's `API.Provider`: the provider's configuration, or the reason it cannot be used, worded
 * as GoTrue's error (callers prefix `Unsupported provider: `). Names are compared in lower case.
 */
export function findProvider(providers: ExternalProviders, requested: string): OAuthProviderConfig | string {
  const name = requested.toLowerCase();
  // Custom providers are on by default (GOTRUE_CUSTOM_OAUTH_ENABLED) and live in a table this
  // backend has none in, so every one is not found.
  if (name.startsWith('custom:')) return `custom provider ${name} not found`;
  if (!GOTRUE_PROVIDERS.has(name)) return `Provider ${name} could not be found`;
  const config = name === 'keycloak' ? providers.keycloak : undefined;
  return config ?? 'provider is not enabled';
}
