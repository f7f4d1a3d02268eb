import 'server-only';

import { createServerClient } from '@supabase/ssr';
import { cookies } from 'next/headers';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { sessionCookieOptions } from '@/lib/supabase/cookie-options';
import type { Database } from '@/lib/supabase/database.types';

/**
 * The client for server components, server actions and route handlers.
 * Create one per request and never keep it at module level: it carries the
 * cookies, and so the session, of the request that made it.
 */
export async function createClient() {
  const cookieStore = await cookies();
  const { url, key } = getSupabasePublicEnv();

  return createServerClient<Database>(url, key, {
    cookieOptions: sessionCookieOptions(),
    cookies: {
      getAll() {
        return cookieStore.getAll();
      },
      setAll(cookiesToSet) {
        try {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
        } catch {
          // Server components may not set cookies, and Next throws if they try.
          // That is safe to ignore: the proxy (src/proxy.ts → updateSession)
          // refreshes the session and writes its cookies on every request.
        }
      },
    },
  });
}
