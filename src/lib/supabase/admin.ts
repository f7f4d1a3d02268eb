import 'server-only';

import { createClient } from '@supabase/supabase-js';

import { getSupabaseServiceRoleKey } from '@/lib/env/server';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import type { Database } from '@/lib/supabase/database.types';

// Module state on purpose: the fallback warning is about configuration, so
// once per process is enough and per request would flood the logs.
let warnedAboutFallback = false;

/**
 * A client with the service-role key, for trusted server code only (user
 * administration, scripts). Without that key it falls back to the public key,
 * which row level security limits like an anonymous visitor.
 *
 * It is plain supabase-js, not @supabase/ssr: it acts as the service, never
 * as the visitor, so it must not read, keep or refresh anyone's session.
 */
export function createAdminClient() {
  const { url, key: publicKey } = getSupabasePublicEnv();
  const serviceRoleKey = getSupabaseServiceRoleKey();

  if (!serviceRoleKey && !warnedAboutFallback) {
    warnedAboutFallback = true;
    console.warn('[supabase] SUPABASE_SERVICE_ROLE_KEY is not set; the admin client uses the anon key and has limited permissions.');
  }

  return createClient<Database>(url, serviceRoleKey ?? publicKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
