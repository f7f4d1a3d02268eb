/*
 * The security headers of every response, set in next.config.ts.
 *
 * The Content-Security-Policy comes in two parts, as two headers, and browsers enforce both:
 *  1. this one, on every response: where connections, images, styles, fonts and frames may come
 *     from, and what may frame the site. It says nothing about scripts.
 *  2. the page's script policy (script-policy.mjs): hashes for prerendered pages (added by the cache
 *     handler), a nonce for pages rendered per request (added by the proxy).
 * Splitting them keeps the prerendered pages' policy free of deployment settings (the Supabase URL),
 * and lets each page's script list be exact.
 *
 * IMPORTANT: imported by next.config.ts, so relative imports only (no "@/…" alias).
 */

import { contentImagesBaseUrl } from '../content-images/public-url';

/** Google Analytics 4 (gtag.js) endpoints, after consent: beacons go to regional *.google-analytics.com hosts. */
const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const ANALYTICS_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

type PolicyOptions = {
  /** NEXT_PUBLIC_SUPABASE_URL: the browser talks to Auth on it once a visitor has a session. */
  supabaseUrl: string | undefined;
  /** NEXT_PUBLIC_SITE_URL: over https, browsers are also told to upgrade any http:// subresource. */
  siteUrl: string | undefined;
};

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The first policy: everything but scripts. */
export function contentPolicy({ supabaseUrl, siteUrl }: PolicyOptions): string {
  const supabase = originOf(supabaseUrl);
  const directives = [
    `connect-src 'self'${supabase ? ` ${supabase}` : ''} ${ANALYTICS_CONNECT.join(' ')}`,
    // Images in posts and vacancies come from the public content-images bucket, and from nowhere else on Supabase.
    `img-src 'self' data: blob:${supabase ? ` ${contentImagesBaseUrl(supabase)}` : ''} ${ANALYTICS_IMAGES.join(' ')}`,
    // React and Next write style attributes (and the no-JS consent fallback is an inline <style>);
    // style injection cannot run code, so this stays open while scripts are locked down.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "media-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (originOf(siteUrl)?.startsWith('https:')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export type Header = { key: string; value: string };

/** What even a script, style or font file needs: HTTPS only, and no guessing of its type. */
export const assetHeaders: Header[] = [
  // Browsers ignore it over plain http (local previews, the e2e server), so it is always sent.
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
];

/** Every security header but the page's script policy, for `headers()` in next.config.ts. */
export function securityHeaders(options: PolicyOptions): Header[] {
  return [
    ...assetHeaders,
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    // Only features Chromium knows: an unknown one is logged as a console error on every page.
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    { key: 'Content-Security-Policy', value: contentPolicy(options) },
  ];
}

/**
 * The redirects that carry a secret to its next stop (a signed download URL, an enrolment or
 * withdraw token's way into a cookie) send no Referer at all. Their route handlers say so, and
 * next.config.ts repeats it for these paths after the site-wide header, which would replace theirs.
 */
export const NO_REFERRER_PATHS = ['/account/applications/:id/files/:fileId', '/account/enrol', '/applications/withdraw'].flatMap((path) => [
  path,
  `/en${path}`,
]);

export const noReferrerHeaders: Header[] = [{ key: 'Referrer-Policy', value: 'no-referrer' }];
