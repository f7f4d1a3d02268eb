import 'server-only';

import { getTranslations } from 'next-intl/server';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { isLoopbackUrl } from '@/lib/net/loopback';

import type { OAuthProvider } from './providers';

/**
 * How a provider is named to the visitor, in the page's language. `keycloak` is the local
 * Bitwerf ID on this machine's backend, and says so; elsewhere it is the firm's own.
 */
export async function oauthProviderNames(): Promise<(provider: OAuthProvider) => string> {
  const t = await getTranslations('auth.signIn.providerNames');
  const local = isLoopbackUrl(getSupabasePublicEnv().url);
  return (provider) => t(provider === 'keycloak' && local ? 'keycloakLocal' : provider);
}
