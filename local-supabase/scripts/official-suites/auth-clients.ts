import { GoTrueClient } from '@supabase/auth-js';

/**
 * Stands in for auth-js's `test/docker-tests/clients.ts`, which builds clients for four GoTrue
 * containers of its docker-compose, each configured differently, and signs a service-role JWT
 * with `jsonwebtoken`. Only the container whose configuration is this backend's is stood in for:
 * sign-ups disabled, no autoconfirm. Its client is the installed `@supabase/auth-js`, pointed
 * at the embedded Auth and carrying the anon key that the embedded gateway asks for, as Kong does
 * (the bare container needs none).
 */
export const signupDisabledClient = new GoTrueClient({
  url: `${process.env.OFFICIAL_SUITES_URL ?? ''}/auth/v1`,
  headers: { apikey: process.env.OFFICIAL_SUITES_ANON_KEY ?? '' },
  autoRefreshToken: false,
  persistSession: false,
});
