import { createServerClient, isChunkLike } from '@supabase/ssr';
import type { JwtPayload } from '@supabase/supabase-js';
import type { NextRequest, NextResponse } from 'next/server';

import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { sessionCookieOptions } from '@/lib/supabase/cookie-options';
import type { Database } from '@/lib/supabase/database.types';

/**
 * How long a request may wait for the session check. A valid token is checked
 * locally in milliseconds; only a refresh goes to the backend, and auth-js
 * retries an unreachable backend for up to 30 s. Public pages must not hang
 * (or fail) for that, so the proxy gives up and lets the page render anonymously.
 */
const SESSION_TIMEOUT_MS = 3_000;

/**
 * Whether the request carries a Supabase session cookie: `sb-<first label of the API host>-auth-token`,
 * or its chunks `.0`, `.1`… when the session is long (src/lib/auth/browser-session.ts checks the same).
 * Without one there is no session to verify or refresh, so the proxy creates no client at all.
 */
export function hasSessionCookie(request: NextRequest): boolean {
  const storageKey = `sb-${new URL(getSupabasePublicEnv().url).hostname.split('.')[0]}-auth-token`;
  return request.cookies.getAll().some(({ name, value }) => value !== '' && isChunkLike(name, storageKey));
}

export type UpdateSessionResult = { response: NextResponse; claims: JwtPayload | null };

/**
 * Refreshes the Supabase session for one request and writes the new cookies
 * onto `response`, the response next-intl's middleware already built.
 *
 * IMPORTANT: the cookies go onto that same response object, never onto a fresh
 * `NextResponse.next()`, or a locale redirect or rewrite would drop a
 * refreshed cookie and sign the user out. Next also merges cookies set on the
 * proxy's response into `cookies()` for this request, so server components
 * see the refreshed session. Always return the response from the result.
 *
 * It never throws on backend trouble: claims are `null` and the page renders.
 * A missing configuration still throws, so it fails loudly instead of quietly
 * signing everyone out.
 */
export async function updateSession(request: NextRequest, response: NextResponse): Promise<UpdateSessionResult> {
  const { url, key } = getSupabasePublicEnv();

  // A new client per request: it holds this request's cookies.
  const supabase = createServerClient<Database>(url, key, {
    cookieOptions: sessionCookieOptions(),
    cookies: {
      getAll() {
        return request.cookies.getAll();
      },
      setAll(cookiesToSet, headers) {
        // The request copy keeps anything later in the proxy consistent; the
        // response copy reaches the browser and this request's server components.
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
        for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
        // Cache-Control: private, no-store… so no CDN serves one user's session cookie to another.
        for (const [header, value] of Object.entries(headers)) response.headers.set(header, value);
      },
    },
  });

  // IMPORTANT: no code between createServerClient and getClaims(). getClaims()
  // verifies the token and refreshes an expiring session; anything in between
  // risks acting on a stale session and randomly signing users out.
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`session check took longer than ${SESSION_TIMEOUT_MS} ms`)), SESSION_TIMEOUT_MS);
    });
    const { data, error } = await Promise.race([supabase.auth.getClaims(), timeout]);
    if (error) console.warn('[supabase] proxy could not verify the session:', error.message);
    return { response, claims: data?.claims ?? null };
  } catch (error) {
    console.error('[supabase] proxy session refresh failed; rendering without a session:', error);
    return { response, claims: null };
  } finally {
    clearTimeout(timer);
  }
}
