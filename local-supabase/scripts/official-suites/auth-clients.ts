import { GoTrueClient } from '@supabase/auth-js';

/**
 * The installed `@supabase/auth-js`, pointed at the embedded Auth and carrying the anon key that
 * the embedded gateway asks for, as Kong does (their bare containers need none).
 */
function embeddedAuthClient(): GoTrueClient {
  return new GoTrueClient({
    url: `${process.env.OFFICIAL_SUITES_URL ?? ''}/auth/v1`,
    headers: { apikey: process.env.OFFICIAL_SUITES_ANON_KEY ?? '' },
    autoRefreshToken: false,
    persistSession: false,
  });
}

/*
 * Stands in for auth-js's `test/docker-tests/clients.ts`, which builds clients for four GoTrue
 * containers of its docker-compose, each configured differently, and signs a service-role JWT
 * with `jsonwebtoken`. Only the clients whose tests this backend's configuration answers alike
 * are stood in for.
 */

/** Its container has sign-ups disabled and no autoconfirm, as this backend. */
export const signupDisabledClient = embeddedAuthClient();

/**
 * Its container has sign-ups on and anonymous sign-ins off. The one test that runs with it signs
 * in anonymously, which GoTrue refuses while that provider is off before it looks at whether
 * sign-ups are (`api.go`, the `/signup` route), so this backend must answer it alike.
 */
export const phoneClient = embeddedAuthClient();
