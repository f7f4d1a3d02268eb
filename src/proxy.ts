import { NextResponse, type NextRequest } from 'next/server';

import { localeOfPath, stripLocale, withLocale } from './i18n/locale-path';
import { contentAddressOf, createUnknownAddressCheck, readKnownContent } from './lib/content/known-addresses';
import { UNKNOWN_ADDRESS_HEADER } from './lib/content/unknown-address-rewrites';
import { siteUrl } from './lib/env/public';
import { getBrowserSupabaseUrl } from './lib/env/supabase-public';
import { contentPolicy } from './lib/security/headers';
import { pageScriptHashes } from './lib/security/page-scripts';
import { nonceScriptPolicy } from './lib/security/script-policy.mjs';
import { hasSessionCookie, updateSession } from './lib/supabase/proxy';

/** The header next-intl reads the locale from where no page set it (server actions, route handlers). */
const LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';

/**
 * Pages that need a session. The page checks again on the server; this only saves a render. The
 * staff enrolment link is not one: it must trade its token for a cookie before any redirect to
 * sign-in could carry the token along in `next`.
 */
function isProtected(pathname: string): boolean {
  const path = stripLocale(pathname);
  if (path === '/account/enrol') return false;
  return path === '/account' || path.startsWith('/account/');
}

/** Next's draft-mode cookie: an editor's preview of what is not published yet. */
const DRAFT_MODE_COOKIE = '__prerender_bypass';

const isUnknownAddress = createUnknownAddressCheck(readKnownContent);

/** A path whose last segment has a dot: a file name. */
const FILE_LIKE = /\.[^/]*$/;

function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Runs only for what is rendered per request (see `config.matcher`): sign-in, the account pages,
 * the pages that read an application's draft or link, 404s, and server actions. Prerendered pages
 * never reach it, so an anonymous visit to them costs nothing here and their answer is the same for
 * everyone (a CDN can keep it). The exception is an address only content makes (a post's, vacancy's
 * or case's, a page of the blog's list): those pages are cached with their own policy and left
 * alone, unless the address is certainly unknown, when the request is answered with the site's 404
 * page instead.
 *
 * It gives the page a fresh script nonce, tells next-intl the locale, and, only when the browser
 * holds a Supabase session cookie, refreshes that session, writing the new cookies onto this same
 * response (see lib/supabase/proxy.ts for why it must be the same object). Authorization is not
 * decided here: pages and actions check the user themselves.
 */
export default async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const locale = localeOfPath(pathname);
  // The unknown-address mark is the proxy's alone: one a client sent never reaches the rewrites.
  const incoming = new Headers(request.headers);
  incoming.delete(UNKNOWN_ADDRESS_HEADER);
  // An English address with a dot is a file or a route of its own (/en/blog/rss.xml), left as it
  // is, or one no route has, whose 404 page learns its language from this header alone.
  if (FILE_LIKE.test(pathname)) {
    incoming.set(LOCALE_HEADER, locale);
    return NextResponse.next({ request: { headers: incoming } });
  }
  // A server action posts to its page's own address and needs the locale header below.
  const address = request.headers.has('next-action') ? null : contentAddressOf(pathname);
  if (address !== null && (request.cookies.has(DRAFT_MODE_COOKIE) || !(await isUnknownAddress(address)))) {
    return NextResponse.next({ request: { headers: incoming } });
  }
  const nonce = createNonce();
  const scriptPolicy = nonceScriptPolicy(nonce, {
    hashes: pageScriptHashes,
    development: process.env.NODE_ENV === 'development',
  });

  const requestHeaders = incoming;
  if (address !== null) requestHeaders.set(UNKNOWN_ADDRESS_HEADER, '1');
  requestHeaders.set(LOCALE_HEADER, locale);
  // Next reads the nonce from the request's policy and puts it on its own scripts; the page's own
  // inline scripts are allowed by their hashes.
  requestHeaders.set('content-security-policy', scriptPolicy);
  let response = NextResponse.next({ request: { headers: requestHeaders } });

  let signedIn = false;
  if (hasSessionCookie(request)) {
    const session = await updateSession(request, response);
    response = session.response;
    signedIn = session.claims !== null;
  }

  if (!signedIn && isProtected(pathname)) {
    const target = new URL(withLocale('/sign-in', locale), request.url);
    target.searchParams.set('next', `${pathname}${search}`);
    // Absolute on the request's own origin: Next's proxy adapter parses the Location without a base
    // (a relative one is an Invalid URL, a 500) and then makes any same-origin target relative, so
    // the visitor stays on the host they used even where request.url names another one.
    const redirect = NextResponse.redirect(target, 307);
    // Keep whatever the refresh decided about the cookies (e.g. clearing a dead session).
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    for (const header of ['cache-control']) {
      const value = response.headers.get(header);
      if (value) redirect.headers.set(header, value);
    }
    return redirect;
  }

  // IMPORTANT: this header replaces the one next.config.ts sets on every response, so it carries
  // both policies, comma-separated (a browser enforces each): the script policy first, where Next
  // looks for the nonce, then the content policy every response has.
  const content = contentPolicy({ supabaseUrl: getBrowserSupabaseUrl(), siteUrl });
  response.headers.set('content-security-policy', `${scriptPolicy}, ${content}`);
  return response;
}

export const config = {
  matcher: [
    // Every path except Next's internals, files (anything with a dot) and the prerendered pages in
    // either language: home, about-us, contact-us, vacancies, blog, privacy, cookies, accessibility,
    // security, forgot-password and applications/received (not the cases list: its filters are read
    // per request). A post's, vacancy's or case's page and the blog's list pages come here for the
    // unknown-address check, and are left alone when known. e2e/csp.spec.ts checks the prerendered
    // pages against the build.
    '/((?!_next/|api/|.*\\.|(?:en/?)?$|(?:en/)?(?:about-us|contact-us|vacancies|blog|privacy|cookies|accessibility|security|forgot-password|applications/received)$).*)',
    // Server actions post to the page they are on, prerendered ones included (the contact form, the
    // reset request on /forgot-password), and read the locale from the header set here.
    { source: '/((?!_next/|api/|.*\\.).*)', has: [{ type: 'header', key: 'next-action' }] },
    // English addresses with a dot, for the language of their 404 page (see FILE_LIKE above).
    '/en/:path(.*\\..*)',
  ],
};
