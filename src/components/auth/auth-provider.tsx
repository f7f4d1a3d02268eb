'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { fetchCurrentUser, getStoredUserId, onAuthChange } from '@/lib/auth/auth-helpers';
import { AuthContext, type AuthState } from '@/lib/auth/use-auth';
import { whenIdle } from '@/lib/when-idle';

/**
 * Provides `{ user, loading, error }` (spec §4) to `useAuth()`.
 *
 * IMPORTANT: supabase-js is not on the critical path. This file only imports
 * the helpers, which load the client with a dynamic import; that happens
 * here, inside an effect, once the page is idle. Until then `loading` is true.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true, error: null });

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;

    async function load() {
      try {
        const user = await fetchCurrentUser();
        if (active) setState({ user, loading: false, error: null });
      } catch (error) {
        if (active) setState({ user: null, loading: false, error: error instanceof Error ? error.message : 'Unknown error' });
      }
      // Subscribe only after the fetch, so an event can never be overwritten
      // by the older answer of the fetch. Even after a failed fetch, a later
      // sign-in must still show up.
      if (!active) return;
      unsubscribe = onAuthChange((user, event) => {
        // INITIAL_SESSION replays the stored session, which the fetch above has
        // already checked with the server; every other event is a real change.
        if (event === 'INITIAL_SESSION') return;
        setState((previous) => ({ ...previous, user }));
      });
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
  // no event for a cookie it did not write. So after each navigation the stored
  // session (read locally, no request) is compared with the state, and only a
  // different user is fetched again.
  const pathname = usePathname();
  const seenPathname = useRef(pathname);
  const knownUserId = state.loading ? undefined : (state.user?.id ?? null);
  useEffect(() => {
    if (seenPathname.current === pathname || knownUserId === undefined) return;
    seenPathname.current = pathname;
    let active = true;
    void (async () => {
      try {
        if ((await getStoredUserId()) === knownUserId) return;
        const user = await fetchCurrentUser();
        if (active) setState({ user, loading: false, error: null });
      } catch (error) {
        if (active) setState({ user: null, loading: false, error: error instanceof Error ? error.message : 'Unknown error' });
      }
    })();
    return () => {
      active = false;
    };
  }, [pathname, knownUserId]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
