import type { User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

/** The auth state the product sees (spec §3): who is signed in, whether that is known yet, and why not. */
export type AuthState = {
  user: User | null;
  /** True until the first fetch of the current user has finished; render a same-size placeholder meanwhile. */
  loading: boolean;
  /** The message of a failed fetch, or null. */
  error: string | null;
};

// No default value: reading auth outside AuthProvider is a bug, and a silent
// "loading forever" default would hide it.
export const AuthContext = createContext<AuthState | null>(null);

/** The current auth state. Use it in client components under `<AuthProvider>`. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>.');
  return state;
}
