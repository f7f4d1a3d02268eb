import { createBrowserClient } from '@supabase/ssr';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { sessionCookieOptions } from '@/lib/supabase/cookie-options';
import type { Database } from '@/lib/supabase/database.types';

/**
 * The browser client. @supabase/ssr keeps one instance per page, so calling
 * this again is cheap and every caller shares the same session.
 *
 * Import it only through a dynamic `import()` from code on public pages, so
 * supabase-js stays out of their first-load JavaScript.
 */
export function createClient() {
  const { url, key } = getSupabasePublicEnv();
  return createBrowserClient<Database>(url, key, {
    // These are the defaults; spelled out because the spec (§6) requires all
    // three for the public client and the admin client turns all three off.
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    cookieOptions: sessionCookieOptions(),
  });
}
