import { siteUrl } from '@/lib/env/public';

type HeaderSource = { get(name: string): string | null };

/**
 * Whether a browser sent this request from a page of this site, for endpoints that a form posts
 * to outside Next's server actions (which check this themselves). Fetch Metadata answers where
 * the browser sends it; Origin otherwise, compared with the host the request was sent to and the
 * site's public host (a CDN in front may rewrite Host). A request with neither is no browser's
 * cross-site post (curl, very old browsers): the limits and SameSite=Lax cookies still hold there.
 */
export function isSameOriginRequest(headers: HeaderSource): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = headers.get('origin');
  if (origin === null) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // "null" (a sandboxed frame, a redirect across sites) or garbage: not one of our pages.
    return false;
  }
  return host === headers.get('host') || host === new URL(siteUrl).host;
}
