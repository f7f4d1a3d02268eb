import 'server-only';

import { createClient } from '@supabase/supabase-js';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import type { Database } from '@/lib/supabase/database.types';

/**
 * A client with the anon key and no session, for what every visitor may read (published content).
 * It reads no cookies, so a page that uses it stays static and can be cached for everyone.
 */
export function createAnonymousClient() {
  const { url, key } = getSupabasePublicEnv();
  return createClient<Database>(url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}
