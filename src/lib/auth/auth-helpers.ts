import type { AuthChangeEvent, AuthTokenResponsePassword, User } from '@supabase/supabase-js';

/*
 * Browser-side auth helpers (spec §7).
 *
 * IMPORTANT: this module imports supabase-js only as types. The client comes
 * from a dynamic import, so any component can import these helpers without
 * putting supabase-js (~50 KB gzipped) in its page's first-load JavaScript;
 * the library is fetched the first time a helper actually runs.
 */

async function getBrowserClient() {
  const { createClient } = await import('@/lib/supabase/client');
  return createClient();
}

/** What a successful sign-in returns: the user, the session and any weak-password notice. */
export type SignInData = Extract<AuthTokenResponsePassword, { error: null }>['data'];

/**
 * Signs in with e-mail and password and returns the user and session.
 * Throws an Error with the provider's message; the original AuthError
 * (status, code) is its `cause`, for callers that tell 429 from 400.
 */
export async function signIn(email: string, password: string): Promise<SignInData> {
  const supabase = await getBrowserClient();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(error.message, { cause: error });
  return data;
}

/** Signs out of this browser. Throws an Error with the provider's message. */
export async function signOut(): Promise<void> {
  const supabase = await getBrowserClient();
  const { error } = await supabase.auth.signOut();
  if (error) throw new Error(error.message, { cause: error });
}

/**
 * The user verified by the auth server, or null for an anonymous visitor.
 * Throws when the user cannot be fetched; AuthProvider needs that message.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  const [supabase, { isAuthSessionMissingError }] = await Promise.all([
    getBrowserClient(),
    import('@supabase/supabase-js'),
  ]);
  const { data, error } = await supabase.auth.getUser();
  if (!error) return data.user;
  // No session is the normal state of an anonymous visitor, not a failure.
  if (isAuthSessionMissingError(error)) return null;
  throw new Error(error.message, { cause: error });
}

/** The current user, or null when there is none or it cannot be fetched (logged). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await fetchCurrentUser();
  } catch (error) {
    console.error('[auth] could not get the current user:', error);
    return null;
  }
}

/**
 * The id of the user in the stored session, without asking the auth server.
 * Cheap enough to call on every navigation, to notice that a server action or
 * route handler signed someone in or out behind the browser client's back.
 */
export async function getStoredUserId(): Promise<string | null> {
  const supabase = await getBrowserClient();
  const { data } = await supabase.auth.getSession();
  return data.session?.user.id ?? null;
}

export type AuthChangeCallback = (user: User | null, event: AuthChangeEvent) => void;

/**
 * Calls `callback` with the user (or null) on every auth event and returns a
 * function that unsubscribes. It returns at once: the subscription starts when
 * the client has loaded, and unsubscribing before then cancels it.
 */
export function onAuthChange(callback: AuthChangeCallback): () => void {
  let unsubscribed = false;
  let unsubscribeFromClient: (() => void) | undefined;

  getBrowserClient().then(
    (supabase) => {
      if (unsubscribed) return;
      const { data } = supabase.auth.onAuthStateChange((event, session) => callback(session?.user ?? null, event));
      unsubscribeFromClient = () => data.subscription.unsubscribe();
    },
    (error: unknown) => console.error('[auth] could not subscribe to auth changes:', error),
  );

  return () => {
    unsubscribed = true;
    unsubscribeFromClient?.();
  };
}
