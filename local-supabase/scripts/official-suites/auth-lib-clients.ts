import { GoTrueAdminApi, GoTrueClient, type GoTrueClientOptions, type SupportedStorage } from '@supabase/auth-js';
import { memoryLocalStorageAdapter } from '@supabase/auth-js/dist/main/lib/local-storage';

/*
 * Stands in for auth-js's `test/lib/clients.ts`, which points its clients at a full `supabase
 * start` (sign-ups on, autoconfirm on) and signs their keys with the RS256 keys that its set-up
 * writes to `supabase/signing_keys.json`. Here the same exports point at the embedded Auth with the
 * backend's own anon and service-role keys, which the embedded gateway asks for as Kong does.
 */

/** The embedded Auth's URL, under the name their tests use for the CLI's. */
export const GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON = `${process.env.OFFICIAL_SUITES_URL ?? ''}/auth/v1`;

/**
 * The Supabase CLI's JWT secret, exported because their file exports it. Only tests that sign
 * their own tokens with `jsonwebtoken` read it, and those are left out (the runner names them).
 */
export const GOTRUE_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const SUPABASE_PUBLISHABLE_KEY = process.env.OFFICIAL_SUITES_ANON_KEY ?? '';
export const SUPABASE_SECRET_KEY = process.env.OFFICIAL_SUITES_SERVICE_ROLE_KEY ?? '';

/** A client as theirs: persisted in memory of its own, so that no two share a session. */
function client(options: GoTrueClientOptions = {}): GoTrueClient {
  return new GoTrueClient({
    url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
    headers: { apikey: SUPABASE_PUBLISHABLE_KEY },
    autoRefreshToken: false,
    persistSession: true,
    storage: memoryLocalStorageAdapter(),
    ...options,
  });
}

export const authClient = client();
export const authClientWithSession = client();
export const authSubscriptionClient = client();
export const clientApiAutoConfirmEnabledClient = client();
export const pkceClient = client({ flowType: 'pkce' });
// Theirs keeps the default storage (none in Node), so this one does too.
export const autoRefreshClient = client({ autoRefreshToken: true, storage: undefined });

/**
 * Their admin client sends a `supabase_admin` JWT; the embedded Auth's admin API takes the
 * service-role key, so both admin clients carry it.
 */
function adminClient(): GoTrueAdminApi {
  return new GoTrueAdminApi({
    url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
    headers: { apikey: SUPABASE_SECRET_KEY, Authorization: `Bearer ${SUPABASE_SECRET_KEY}` },
  });
}

export const authAdminApiAutoConfirmEnabledClient = adminClient();
export const serviceRoleApiClient = adminClient();

export function getClientWithSpecificStorage(storage: SupportedStorage): GoTrueClient {
  return client({ storageKey: 'test-specific-storage', storage });
}

export function getClientWithSpecificStorageKey(storageKey: string, opts: GoTrueClientOptions = {}): GoTrueClient {
  return client({ storageKey, storage: undefined, ...opts });
}
