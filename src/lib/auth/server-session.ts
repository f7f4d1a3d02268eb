import 'server-only';

import type { User } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';

import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { createClient } from '@/lib/supabase/server';

export type ServerSupabase = Awaited<ReturnType<typeof createClient>>;

export type ServerSession =
  | { state: 'anonymous'; supabase: ServerSupabase }
  /** Password given, but the user has a verified factor and has not entered a code yet. */
  | { state: 'needsCode'; supabase: ServerSupabase; user: User }
  | { state: 'signedIn'; supabase: ServerSupabase; user: User };

export function hasVerifiedFactor(user: User): boolean {
  return (user.factors ?? []).some((factor) => factor.status === 'verified');
}

/**
 * Who is making this request, checked with the auth server.
 *
 * IMPORTANT: authorization decisions use this, never the cookie alone.
 * getUser() sends the access token to the auth server, so a forged or revoked
 * token gives "anonymous", and the factors come from the server, not from the
 * copy of the user inside the cookie. The assurance level is read from that
 * same, now verified, token. An unreachable backend also gives "anonymous":
 * the visitor is sent to sign-in, which then explains the outage.
 */
export async function getServerSession(): Promise<ServerSession> {
  const supabase = await createClient();
  const { data, error } = await supabase.auth.getUser();
  if (error || !data.user) return { state: 'anonymous', supabase };
  const user = data.user;
  if (!hasVerifiedFactor(user)) return { state: 'signedIn', supabase, user };
  const { data: aal } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  return aal?.currentLevel === 'aal2' ? { state: 'signedIn', supabase, user } : { state: 'needsCode', supabase, user };
}

/** The sign-in page in a locale, returning to `next` afterwards. */
export function signInPath(locale: Locale, next: string): string {
  return `${withLocale('/sign-in', locale)}?next=${encodeURIComponent(next)}`;
}

/**
 * The session of a fully signed-in user, or a redirect to sign-in (which asks
 * for the code when that is what is missing) and back to `returnPath`.
 * Every protected page and every account action calls this first.
 */
export async function requireSignedIn(locale: Locale, returnPath: string) {
  const session = await getServerSession();
  if (session.state !== 'signedIn') redirect(signInPath(locale, withLocale(returnPath, locale)));
  return session;
}
