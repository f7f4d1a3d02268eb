import 'server-only';

import { createClient } from '@supabase/supabase-js';

import { authErrorKey, type AuthErrorKey } from '@/lib/auth/error-keys';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';

/**
 * Whether `password` is the account's current password, asked of Auth the only way it
 * offers for any project: a password sign-in. It uses a client of its own, without the
 * visitor's cookies, so the visitor's session is untouched; the session the check opens is
 * closed again at once, so it does not linger as another signed-in device.
 */
export async function checkCurrentPassword(email: string, password: string): Promise<'ok' | 'wrong' | AuthErrorKey> {
  const { url, key } = getSupabasePublicEnv();
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) {
    const errorKey = authErrorKey(error);
    return errorKey === 'invalidCredentials' ? 'wrong' : errorKey;
  }
  if (data.session) {
    const { error: signOutError } = await client.auth.signOut({ scope: 'local' });
    if (signOutError) console.warn('[auth] the password check session could not be closed:', signOutError.message);
  }
  return 'ok';
}
