// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const disable = vi.hoisted(() => vi.fn());
vi.mock('next/headers', () => ({ draftMode: async () => ({ disable }) }));

const { GET } = await import('./route');

function exit(path: string | null) {
  const query = path === null ? '' : `?${new URLSearchParams({ path })}`;
  return GET(new NextRequest(`http://localhost:3213/api/content/preview/exit${query}`));
}

beforeEach(() => disable.mockReset());

describe('GET /api/content/preview/exit', () => {
  it('leaves draft mode and returns to the page it names', async () => {
    const response = await exit('/en/blog/a-post?x=1');
    expect(disable).toHaveBeenCalledOnce();
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/en/blog/a-post?x=1');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    '/.//evil.example/login',
    '/%2e//evil.example/x',
    '/a/..//evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '/%2f%2fevil.example',
  ])('goes home, never off the site, for path=%s', async (path) => {
    const response = await exit(path);
    expect(response.headers.get('location')).toBe('/');
  });

  it('goes home without a path', async () => {
    expect((await exit(null)).headers.get('location')).toBe('/');
  });
});
