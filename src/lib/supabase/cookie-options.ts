import { siteUrl } from '@/lib/env/public';

/**
 * Options for the session cookies, shared by the browser, server and proxy clients (they must agree,
 * or one would rewrite the other's cookie). `Secure` whenever the site is served over https: on the
 * server that is the configured public origin (NEXT_PUBLIC_SITE_URL), in the browser the page's own.
 * Over plain http (`npm run dev`, the e2e server on 127.0.0.1) a Secure cookie would not be stored
 * at all, so there it stays off. HttpOnly stays off as well: the browser client reads the session.
 */
export function sessionCookieOptions(): { secure: boolean } {
  const origin = typeof window === 'undefined' ? siteUrl : window.location.origin;
  return { secure: origin.startsWith('https:') };
}
