import type { AuthChangeEvent, AuthTokenResponsePassword, User } from '@supabase/supabase-js';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';

/*
 * Browser-side auth helpers (spec §7).
 *
 * IMPORTANT: this module imports supabase-js only as types. The client comes
 * from a dynamic import, so any component can import these helpers without
 * putting supabase-js in its page's first-load JavaScript;
 * the library is fetched the first time a helper actually runs. (@supabase/ssr is
 * imported for its one-function chunk-name check only; it has no side effects, so
 * the bundler keeps just that.)
 */

type BrowserClient = ReturnType<typeof import('@/lib/supabase/client').createClient>;

let clientLoad: Promise<BrowserClient> | undefined;
/** Subscribers waiting for someone else to load the client; see `onAuthChange`. */
const onClientLoad = new Set<(client: BrowserClient) => void>();

function getBrowserClient(): Promise<BrowserClient> {
  clientLoad ??= import('@/lib/supabase/client').then(
    ({ createClient }) => {
      const client = createClient();
      for (const notify of onClientLoad) notify(client);
      onClientLoad.clear();
      return client;
    },
    (error: unknown) => {
      // A failed chunk load (flaky network) must not stick: the next call tries again.
      clientLoad = undefined;
      throw error;
    },
  );
  return clientLoad;
}

/**
 * Whether this browser holds a session cookie. @supabase/ssr keeps the session in
 * script-readable cookies named after supabase-js's default storage key,
 * `sb-<first label of the API host>-auth-token` (written here by hand: supabase-js does
 * not export it), split into `.0`, `.1`… when long. Without one, getUser() can only
 * answer "no session", so anonymous visitors are spared supabase-js and its start-up work.
 */
export function hasSessionCookie(cookieHeader: string = document.cookie): boolean {
  const storageKey = `sb-${new URL(getSupabasePublicEnv().url).hostname.split('.')[0]}-auth-token`;
  // Split and matched by hand rather than with a cookie parser and @supabase/ssr's isChunkLike:
  // only names and emptiness matter here, and either module would add to the first load of
  // every page (isChunkLike brings the whole chunker along). The names are isChunkLike's: the
  // key itself, or the key, a dot and a chunk number without leading zeros.
  const isSessionName = (name: string): boolean =>
    name === storageKey || (name.startsWith(`${storageKey}.`) && /^(?:0|[1-9][0-9]*)$/.test(name.slice(storageKey.length + 1)));
  return cookieHeader.split(';').some((pair) => {
    const [name = '', value = ''] = pair.trim().split('=', 2);
    return value !== '' && isSessionName(name);
  });
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
  const [supabase, { isAuthSessionMissingError }] = await Promise.all([getBrowserClient(), import('@supabase/supabase-js')]);
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
 *
 * With `loadClient: false` it does not load the client itself but subscribes
 * as soon as anything else does. Every auth event comes from that one client,
 * so no event is missed, and a page that never needs the client never loads it.
 */
export function onAuthChange(callback: AuthChangeCallback, { loadClient = true } = {}): () => void {
  let unsubscribed = false;
  let unsubscribeFromClient: (() => void) | undefined;

  const subscribe = (supabase: BrowserClient) => {
    if (unsubscribed) return;
    const { data } = supabase.auth.onAuthStateChange((event, session) => callback(session?.user ?? null, event));
    unsubscribeFromClient = () => data.subscription.unsubscribe();
  };

  if (loadClient || clientLoad) {
    getBrowserClient().then(subscribe, (error: unknown) => console.error('[auth] could not subscribe to auth changes:', error));
  } else {
    onClientLoad.add(subscribe);
  }

  return () => {
    unsubscribed = true;
    onClientLoad.delete(subscribe);
    unsubscribeFromClient?.();
  };
}
