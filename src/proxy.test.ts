// @vitest-environment node
// The proxy runs on the server, and next/server expects the server's Request and Headers.
import { createHash } from 'node:crypto';

import { tryToParsePath } from 'next/dist/lib/try-to-parse-path';
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { pageScripts } from './lib/security/page-scripts';
import proxy, { config } from './proxy';

const ssr = vi.hoisted(() => ({ createServerClient: vi.fn(), getClaims: vi.fn() }));
vi.mock('@supabase/ssr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@supabase/ssr')>()),
  createServerClient: ssr.createServerClient,
}));

/** What content_known_slugs() answers: the published slugs, or an error while the backend is down. */
const known = vi.hoisted(() => ({ rows: [{ slug: 'a-post', locale: 'nl' }], down: false }));
vi.mock('@/lib/supabase/anonymous', () => ({
  createAnonymousClient: () => ({
    rpc: async () => (known.down ? { data: null, error: { message: 'fetch failed' } } : { data: known.rows, error: null }),
  }),
}));

beforeEach(() => {
  known.down = false;
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
  ssr.createServerClient.mockReset().mockReturnValue({ auth: { getClaims: ssr.getClaims } });
  ssr.getClaims.mockReset().mockResolvedValue({ data: { claims: { sub: 'user-1' } }, error: null });
});

function get(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(`http://127.0.0.1:3000${path}`, { headers }));
}

/** The request headers the proxy hands on to the page (Next's x-middleware-request-* convention). */
function forwarded(response: Response, name: string): string | null {
  return response.headers.get(`x-middleware-request-${name.toLowerCase()}`);
}

/**
 * The path and query of an absolute Location on the request's own origin (Next's NextURL spells
 * 127.0.0.1 as localhost), or null for anything else.
 */
function sameOriginTarget(response: Response): string | null {
  const location = URL.parse(response.headers.get('location') ?? '');
  if (location === null || !['127.0.0.1:3000', 'localhost:3000'].includes(location.host)) return null;
  return `${location.pathname}${location.search}`;
}

describe('proxy', () => {
  const MARK = 'x-bitwerf-unknown-address';
  const marked = (response: Response) => forwarded(response, MARK) === '1';

  it('leaves a published entry’s address untouched, so its cached page keeps its own policy', async () => {
    for (const path of ['/blog/a-post', '/en/blog/a-post']) {
      const response = await get(path);
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(response.headers.get('x-middleware-rewrite')).toBeNull();
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(forwarded(response, 'content-security-policy')).toBeNull();
      expect(marked(response)).toBe(false);
    }
  });

  it('marks an unknown slug for next.config.ts’s rewrite to the 404 page, in the path’s language, under a nonce', async () => {
    const dutch = await get('/vacancies/never-written');
    expect(marked(dutch)).toBe(true);
    // Not a rewrite of its own: Next would proxy it over HTTP to itself.
    expect(dutch.headers.get('x-middleware-rewrite')).toBeNull();
    expect(forwarded(dutch, 'x-next-intl-locale')).toBe('nl');
    expect(dutch.headers.get('content-security-policy')).toMatch(/'nonce-/);
    const english = await get('/en/cases/never-written');
    expect(marked(english)).toBe(true);
    expect(forwarded(english, 'x-next-intl-locale')).toBe('en');
  });

  it('marks a blog list page past the last the same way', async () => {
    expect(marked(await get('/blog/page/2'))).toBe(true);
  });

  it('never passes on a mark a client sent itself', async () => {
    expect(marked(await get('/blog/a-post', { [MARK]: '1' }))).toBe(false);
    expect(marked(await get('/sign-in', { [MARK]: '1' }))).toBe(false);
    expect(marked(await get('/en/x.txt', { [MARK]: '1' }))).toBe(false);
  });

  it('leaves an unknown slug to the page in draft mode, for a server action, and while the backend cannot be read', async () => {
    expect(marked(await get('/blog/a-draft', { cookie: '__prerender_bypass=1' }))).toBe(false);
    expect(marked(await get('/blog/a-draft', { 'next-action': 'abc123' }))).toBe(false);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    known.down = true;
    expect(marked(await get('/blog/a-draft'))).toBe(false);
  });

  it('tells an English address with a dot only its language, and leaves its response alone', async () => {
    const response = await get('/en/x.txt');
    expect(forwarded(response, 'x-next-intl-locale')).toBe('en');
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });

  it('creates no Supabase client for a visitor without a session cookie', async () => {
    const response = await get('/sign-in', { cookie: 'NEXT_LOCALE=en; theme=dark' });
    expect(ssr.createServerClient).not.toHaveBeenCalled();
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refreshes the session when the browser holds one, chunked cookies included', async () => {
    await get('/sign-in', { cookie: 'sb-127-auth-token.0=base64-abc; sb-127-auth-token.1=def' });
    expect(ssr.createServerClient).toHaveBeenCalledOnce();
    expect(ssr.getClaims).toHaveBeenCalledOnce();
  });

  it('gives every response a fresh nonce, in the page policy and in the request Next renders', async () => {
    const nonceOf = (response: Response) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const first = await get('/en/sign-in');
    const nonce = nonceOf(first);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(await get('/en/sign-in'))).not.toBe(nonce);
    expect(forwarded(first, 'content-security-policy')).toContain(`'nonce-${nonce}'`);
  });

  it('sends the script policy first, where Next reads the nonce, and the content policy after it', async () => {
    const policy = (await get('/sign-in')).headers.get('content-security-policy') ?? '';
    const [script, content] = policy.split(', ');
    expect(script).toMatch(/^script-src 'self' 'nonce-[^']+' ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic' /);
    expect(script).not.toContain('unsafe-inline');
    expect(content).toContain("frame-ancestors 'none'");
    expect(content).toContain("connect-src 'self' http://127.0.0.1:54321");
  });

  it("allows the page's own inline scripts by their hashes, beside the nonce Next's scripts carry", async () => {
    const [script = ''] = ((await get('/sign-in')).headers.get('content-security-policy') ?? '').split(', ');
    expect(pageScripts.length).toBeGreaterThan(0);
    for (const { code } of pageScripts) {
      expect(script).toContain(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
    }
  });

  it('tells next-intl the locale of the path, for server actions and route handlers', async () => {
    expect(forwarded(await get('/en/sign-in'), 'X-NEXT-INTL-LOCALE')).toBe('en');
    expect(forwarded(await get('/sign-in'), 'X-NEXT-INTL-LOCALE')).toBe('nl');
  });

  // Next's adapter needs an absolute Location from the proxy (it answers 500 to a relative one) and
  // sends it on relative when it names the request's own origin.
  it('sends an anonymous visitor of an account page to sign-in on the same origin', async () => {
    const response = await get('/en/account/messages?page=2');
    expect(response.status).toBe(307);
    expect(sameOriginTarget(response)).toBe('/en/sign-in?next=%2Fen%2Faccount%2Fmessages%3Fpage%3D2');
    expect(ssr.createServerClient).not.toHaveBeenCalled();
  });

  // Sign-in would carry the staff enrolment link's token along in `next`; the link's route trades it for a cookie first.
  it('lets an anonymous visitor reach the staff enrolment link, and only that one account address', async () => {
    for (const path of ['/account/enrol?token=abc', '/en/account/enrol?token=abc']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('location'), path).toBeNull();
    }
    expect((await get('/en/account/enrol/x')).status).toBe(307);
  });

  it('also sends a visitor whose session cookie no longer verifies', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    ssr.getClaims.mockResolvedValue({ data: null, error: new Error('Invalid JWT') });
    const response = await get('/account', { cookie: 'sb-127-auth-token=base64-old' });
    expect(sameOriginTarget(response)).toBe('/sign-in?next=%2Faccount');
  });

  it('lets a signed-in visitor through to the account page', async () => {
    const response = await get('/account', { cookie: 'sb-127-auth-token=base64-abc' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('proxy matcher', () => {
  // Compiled the way Next compiles a matcher source (path-to-regexp, anchored at both ends).
  const compiled = config.matcher.map((matcher) => {
    const { source, has = [] } = typeof matcher === 'string' ? { source: matcher } : matcher;
    const { regexStr, error } = tryToParsePath(source);
    if (error || !regexStr) throw new Error(`matcher ${source} does not parse`);
    return { regexp: new RegExp(regexStr), headers: has.map((condition) => condition.key) };
  });
  const runsFor = (path: string, headers: Record<string, string> = {}) =>
    compiled.some(({ regexp, headers: required }) => regexp.test(path) && required.every((name) => name in headers));

  it.each([
    '/',
    '/en',
    '/about-us',
    '/en/about-us',
    '/contact-us',
    '/en/contact-us',
    '/vacancies',
    '/en/blog',
    '/privacy',
    '/cookies',
    '/en/accessibility',
    '/security',
    '/en/security',
    '/forgot-password',
    '/en/forgot-password',
    '/robots.txt',
    '/blog/rss.xml',
    '/.well-known/security.txt',
    '/_next/static/chunks/a.js',
    '/icon.svg',
  ])('leaves the prerendered page or file %s alone', (path) => {
    expect(runsFor(path)).toBe(false);
  });

  it.each([
    '/sign-in',
    '/en/reset-password',
    '/account',
    '/en/account/messages/42',
    '/auth/confirm',
    '/en/auth/sign-out',
    '/does-not-exist',
    '/about-us/extra',
    '/cases',
    '/en/cases',
    '/blog/page/2/extra',
    '/english-lessons',
  ])('runs for %s, which is rendered per request', (path) => {
    expect(runsFor(path)).toBe(true);
  });

  it.each([
    '/vacancies/devops-cloud-engineer',
    '/blog/some-post',
    '/cases/een-planbord-voor-140-vrachtwagens',
    '/en/cases/a-case',
    '/blog/page/2',
    '/en/blog/page/2',
  ])('runs for %s, an address only content makes, to check it', (path) => {
    expect(runsFor(path)).toBe(true);
  });

  it.each(['/en/x.txt', '/en/blog/rss.xml'])('runs for %s, an English address with a dot, for its 404 page’s language', (path) => {
    expect(runsFor(path)).toBe(true);
  });

  it('runs for a server action on a prerendered page', () => {
    expect(runsFor('/contact-us', { 'next-action': 'abc123' })).toBe(true);
    expect(runsFor('/forgot-password', { 'next-action': 'abc123' })).toBe(true);
    expect(runsFor('/en/forgot-password', { 'next-action': 'abc123' })).toBe(true);
  });
});
