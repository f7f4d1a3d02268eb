import { describe, expect, it } from 'vitest';

import { safeNextPath } from './safe-redirect';

const site = 'http://site.invalid';

/** What a browser does with a Location header: resolve it against the page it came from. */
function landsOn(location: string): string {
  return new URL(location, `${site}/en/sign-in`).origin;
}

describe('safeNextPath', () => {
  it.each(['/account', '/en/account', '/blog?page=2', '/account#security', '/', '/en/blog/a-post?x=%2F%2Fy#z'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeNextPath(path, '/fallback')).toBe(path);
    },
  );

  it.each([
    ['/./account', '/account'],
    ['/en/blog/../account', '/en/account'],
  ])('returns %s as the path it resolves to (%s)', (value, expected) => {
    expect(safeNextPath(value, '/fallback')).toBe(expected);
  });

  it.each([
    // Absolute and protocol-relative URLs.
    'https://evil.example',
    'http:evil.example',
    'HTTPS://evil.example/x',
    '//evil.example',
    '///evil.example',
    'javascript:alert(1)',
    'evil.example',
    // Backslashes, which browsers read as slashes.
    '/\\evil.example',
    '\\\\evil.example',
    '/foo\\bar',
    // Dot segments that collapse into `//host` once resolved.
    '/.//evil.example',
    '/a/..//evil.example/x',
    '/./..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/%2e%2e//evil.example',
    // Encoded slashes and backslashes, once or twice.
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/%252f%252fevil.example',
    '/en/%2e%2e%2f%2fevil.example',
    // An empty segment anywhere: routing layers may strip the prefix before it.
    '/nl//evil.example',
    '/en/account//x',
    // Control characters, which URL parsers drop.
    '/\tevil',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    ' /account',
    // Malformed escapes cannot be checked.
    '/%zz',
    '/%',
    '',
  ])('refuses %j', (value) => {
    expect(safeNextPath(value, '/fallback')).toBe('/fallback');
  });

  it('refuses values that are not strings', () => {
    expect(safeNextPath(null, '/fallback')).toBe('/fallback');
    expect(safeNextPath(undefined, '/fallback')).toBe('/fallback');
    expect(safeNextPath(['/account'], '/fallback')).toBe('/fallback');
    expect(safeNextPath({ toString: () => '/account' }, '/fallback')).toBe('/fallback');
  });

  it('refuses very long values', () => {
    expect(safeNextPath(`/${'a'.repeat(5000)}`, '/fallback')).toBe('/fallback');
  });

  it('only ever returns something a browser resolves to this site', () => {
    // Generated variants: every mix of the dangerous pieces, so a new payload is covered by the rule, not the list.
    const pieces = ['/', '//', '.', '..', '%2e', '%2f', '%5c', '\\', '\t', 'evil.example', '%252f', '@', ':'];
    let checked = 0;
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const value = `/${a}${b}${c}`;
          const out = safeNextPath(value, '/fallback');
          expect(landsOn(out), `${JSON.stringify(value)} → ${out}`).toBe(site);
          expect(out.startsWith('//') || out.includes('\\'), `${JSON.stringify(value)} → ${out}`).toBe(false);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(pieces.length ** 3);
  });
});
