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
 * Its container has sign-ups on, autoconfirm and anonymous sign-ins off, and Twilio for SMS. The
 * tests that run with it: an anonymous sign-in, which GoTrue refuses while that provider is off
 * before it looks at whether sign-ups are (`api.go`, the `/signup` route); a phone sign-up, which
 * the test accepts refused or waiting for its code; a `phone_change` code that matches nothing. This
 * backend must answer all three alike.
 */
export const phoneClient = embeddedAuthClient();

/** Its container has sign-ups and autoconfirm on; only a left-out test (it signs up) uses it. */
export const autoConfirmClient = embeddedAuthClient();
