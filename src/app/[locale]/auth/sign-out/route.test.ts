// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const signOut = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase/server', () => ({ createClient: async () => ({ auth: { signOut } }) }));

const { POST } = await import('./route');

/** Next listens on localhost:3213; the visitor reached it as 127.0.0.1:3213 (or through a proxy). */
function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new NextRequest('http://localhost:3213/en/auth/sign-out', {
    method: 'POST',
    headers: { host: '127.0.0.1:3213', origin: 'http://127.0.0.1:3213', ...headers },
    body,
  });
}

function nextForm(next: string) {
  const form = new FormData();
  form.set('next', next);
  return form;
}

const params = (locale: string) => ({ params: Promise.resolve({ locale }) });

beforeEach(() => signOut.mockReset().mockResolvedValue({ error: null }));

describe('POST /auth/sign-out', () => {
  it('answers with a relative Location, never the address Next listens on', async () => {
    const response = await POST(post(null), params('en'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en');
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('goes to a same-site next', async () => {
    const response = await POST(post(nextForm('/en/sign-in?next=%2Fen%2Faccount')), params('en'));
    expect(response.headers.get('location')).toBe('/en/sign-in?next=%2Fen%2Faccount');
  });

  it.each(['/.//evil.example/x', '//evil.example', 'https://evil.example', '/%2e//evil.example', '/\\evil.example'])(
    'stays on the site for next=%s',
    async (next) => {
      const response = await POST(post(nextForm(next)), params('en'));
      expect(response.headers.get('location')).toBe('/en');
    },
  );

  it('refuses a cross-site post', async () => {
    const response = await POST(post(null, { origin: 'https://evil.example' }), params('en'));
    expect(response.status).toBe(403);
    expect(signOut).not.toHaveBeenCalled();
  });

  it.each([
    ['JSON', '{"next":"//evil.example"}', 'application/json'],
    ['broken multipart', '--x\r\nContent-Disposition: form-data; name="next"\r\n\r\n', 'multipart/form-data; boundary=x'],
    ['random bytes', '\u0000\u00ff{{{', 'application/x-www-form-urlencoded'],
  ])('treats a %s body as no next', async (_kind, body, type) => {
    const response = await POST(post(body, { 'content-type': type }), params('en'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en');
  });

  it('falls back to the default locale for an unknown one', async () => {
    const response = await POST(post(null), params('xx'));
    expect(response.headers.get('location')).toBe('/');
  });
});
