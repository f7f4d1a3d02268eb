'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { fetchCurrentUser, getStoredUserId, hasSessionCookie, onAuthChange } from '@/lib/auth/browser-session';
import { AuthContext, type AuthState } from '@/lib/auth/use-auth';
import { whenIdle } from '@/lib/when-idle';

/**
 * Provides `{ user, loading, error }` (spec §4) to `useAuth()`.
 *
 * IMPORTANT: supabase-js is not on the critical path. This file only imports
 * the helpers, which load the client with a dynamic import; that happens
 * here, inside an effect, once the page is idle, and only when the browser
 * holds a session cookie. Without one the answer is known (nobody), so most
 * visitors never download the client. Until then `loading` is true.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true, error: null });

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;

    async function load() {
      try {
        const user = hasSessionCookie() ? await fetchCurrentUser() : null;
        if (active) setState({ user, loading: false, error: null });
      } catch (error) {
        if (active) setState({ user: null, loading: false, error: error instanceof Error ? error.message : 'Unknown error' });
      }
      // Subscribe only after the fetch, so an event can never be overwritten
      // by the older answer of the fetch. Even after a failed fetch, a later
      // sign-in must still show up. Events only come from a loaded client, so
      // an anonymous page subscribes once something loads it, not before.
      if (!active) return;
      unsubscribe = onAuthChange(
        (user, event) => {
          // INITIAL_SESSION replays the stored session, which the fetch above has
          // already checked with the server; every other event is a real change.
          if (event === 'INITIAL_SESSION') return;
          setState((previous) => ({ ...previous, user }));
        },
        { loadClient: false },
      );
    }

    const cancel = whenIdle(() => void load());
    return () => {
      active = false;
      cancel();
      unsubscribe?.();
    };
  }, []);

  // Sign-in, the code step and the account actions run on the server: they set
  // the session cookie and navigate on the client, and the browser client emits
  // no event for a cookie it did not write. Another tab can sign in or out too.
  // So after each navigation, and whenever the tab comes back into view, the
  // stored session (read locally, no request) is compared with the state, and
  // only a different user is fetched again.
  const pathname = usePathname();
  const seenPathname = useRef(pathname);
  const knownUserId = state.loading ? undefined : (state.user?.id ?? null);
  useEffect(() => {
    if (knownUserId === undefined) return;
    let active = true;

    async function syncWithStoredSession() {
      try {
        const storedUserId = hasSessionCookie() ? await getStoredUserId() : null;
        if (storedUserId === knownUserId) return;
        const user = storedUserId === null ? null : await fetchCurrentUser();
        if (active) setState({ user, loading: false, error: null });
      } catch (error) {
        if (active) setState({ user: null, loading: false, error: error instanceof Error ? error.message : 'Unknown error' });
      }
    }

    if (seenPathname.current !== pathname) {
      seenPathname.current = pathname;
      void syncWithStoredSession();
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void syncWithStoredSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [pathname, knownUserId]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
