import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it.each(['/account', '/en/account', '/blog?page=2', '/account#security', '/'])('keeps the same-site path %s', (path) => {
    expect(safeNextPath(path, '/fallback')).toBe(path);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/foo\\bar',
    'javascript:alert(1)',
    'evil.example',
    '/\tevil',
    ' /account',
    '',
    '///evil.example',
  ])('refuses %j', (value) => {
    expect(safeNextPath(value, '/fallback')).toBe('/fallback');
  });

  it('refuses values that are not strings', () => {
    expect(safeNextPath(null, '/fallback')).toBe('/fallback');
    expect(safeNextPath(['/account'], '/fallback')).toBe('/fallback');
  });
});
