// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

import { testEnv } from '@/test-doubles/auth';

for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);

// A content editor's session; the refusals tested here come before anything is stored.
vi.mock('@/lib/supabase/server', () => ({
  createClient: async () => ({
    rpc: async () => ({ data: true }),
    auth: { getClaims: async () => ({ data: { claims: { sub: 'editor' } } }) },
  }),
}));
vi.mock('@/lib/supabase/admin', () => ({ createAdminClient: () => ({}) }));

const { POST } = await import('./route');

function send(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost:3213/api/content-images?locale=en', { method: 'POST', body: form });
  return request.arrayBuffer().then((body) =>
    POST(
      new Request(request.url, {
        method: 'POST',
        body,
        headers: { 'content-type': request.headers.get('content-type') ?? '', 'content-length': String(body.byteLength) },
      }),
    ),
  );
}

const image = () => new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' });

// A refused upload renders the form anew after the redirect; what was typed must come back (WCAG 3.3.7).
describe('POST /api/content-images', () => {
  it('hands the typed alt texts back to the library page in a short-lived HttpOnly cookie when it refuses the upload', async () => {
    const response = await send({ image: image(), altNl: 'Een kat op een bank', altEn: '' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/account/content/images?error=altEn.required');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^content-image-alt=[\w-]+; Path=\/en\/account\/content\/images; Max-Age=300; HttpOnly; SameSite=Lax$/);
    const value = cookie.slice('content-image-alt='.length, cookie.indexOf(';'));
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toEqual({ altNl: 'Een kat op een bank', altEn: '' });
  });

  it('keeps nothing when nothing was typed', async () => {
    const response = await send({ image: image(), altNl: '', altEn: '' });
    expect(response.headers.get('set-cookie')).toBe(
      'content-image-alt=; Path=/en/account/content/images; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });
});
