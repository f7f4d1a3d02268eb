// @vitest-environment node
// The proxy runs on the server, and next/server expects the server's Request and Headers.
import type { CookieMethodsServer } from '@supabase/ssr';
import { NextRequest, NextResponse } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { updateSession } from '@/lib/supabase/proxy';

const ssr = vi.hoisted(() => ({
  cookies: undefined as CookieMethodsServer | undefined,
  getClaims: vi.fn(),
}));
vi.mock('@supabase/ssr', () => ({
  createServerClient: vi.fn((_url: string, _key: string, options: { cookies: CookieMethodsServer }) => {
    ssr.cookies = options.cookies;
    return { auth: { getClaims: ssr.getClaims } };
  }),
}));

const claims = { sub: 'user-1', exp: 2_000_000_000, aal: 'aal1' };

function writeCookies(names: Record<string, string>) {
  const setAll = ssr.cookies?.setAll;
  if (!setAll) throw new Error('the client was created without setAll');
  return setAll(
    Object.entries(names).map(([name, value]) => ({ name, value, options: { path: '/', sameSite: 'lax' as const } })),
    { 'Cache-Control': 'private, no-cache, no-store, must-revalidate, max-age=0' },
  );
}

beforeEach(() => {
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
  ssr.cookies = undefined;
  ssr.getClaims.mockReset();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('updateSession', () => {
  it('returns the verified claims and the very response it was given', async () => {
    ssr.getClaims.mockResolvedValue({ data: { claims }, error: null });
    const request = new NextRequest('http://localhost/en/about');
    const response = NextResponse.next();

    const result = await updateSession(request, response);

    expect(result.response).toBe(response);
    expect(result.claims).toEqual(claims);
  });

  it('reads the session from the request cookies', async () => {
    ssr.getClaims.mockResolvedValue({ data: null, error: null });
    const request = new NextRequest('http://localhost/', { headers: { cookie: 'sb-127-auth-token=base64-abc' } });

    await updateSession(request, NextResponse.next());

    expect(await ssr.cookies?.getAll()).toEqual([{ name: 'sb-127-auth-token', value: 'base64-abc' }]);
  });

  it("writes refreshed cookies onto next-intl's redirect, the request and the cache headers", async () => {
    ssr.getClaims.mockImplementation(async () => {
      // A refresh inside getClaims() makes the client write the new session.
      await writeCookies({ 'sb-127-auth-token': 'base64-new' });
      return { data: { claims }, error: null };
    });
    const request = new NextRequest('http://localhost/about');
    const redirect = NextResponse.redirect(new URL('http://localhost/en/about'), 307);

    const { response } = await updateSession(request, redirect);

    expect(response).toBe(redirect);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost/en/about');
    expect(response.cookies.get('sb-127-auth-token')?.value).toBe('base64-new');
    expect(response.cookies.get('sb-127-auth-token')?.sameSite).toBe('lax');
    expect(request.cookies.get('sb-127-auth-token')?.value).toBe('base64-new');
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('returns null claims for an invalid session without throwing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    ssr.getClaims.mockResolvedValue({ data: null, error: new Error('Invalid JWT signature') });
    const response = NextResponse.next();

    await expect(updateSession(new NextRequest('http://localhost/'), response)).resolves.toEqual({ response, claims: null });
  });

  it('never throws when the backend is unreachable', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => {});
    ssr.getClaims.mockRejectedValue(new TypeError('fetch failed'));
    const response = NextResponse.next();

    await expect(updateSession(new NextRequest('http://localhost/'), response)).resolves.toEqual({ response, claims: null });
    expect(logError).toHaveBeenCalledOnce();
  });

  it('gives up on a session check that hangs, so the page still renders', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    ssr.getClaims.mockReturnValue(new Promise(() => {}));
    const response = NextResponse.next();

    const pending = updateSession(new NextRequest('http://localhost/'), response);
    await vi.advanceTimersByTimeAsync(3_000);

    await expect(pending).resolves.toEqual({ response, claims: null });
  });
});
