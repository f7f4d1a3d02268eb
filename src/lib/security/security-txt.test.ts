// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { SECURITY_TXT_LIFETIME_DAYS, securityTxt } from './security-txt';

const now = new Date('2026-11-23T08:30:12.345Z');
const text = securityTxt({
  email: 'security@bitwerf.nl',
  policy: 'https://www.bitwerf.nl/security',
  siteUrl: 'https://www.bitwerf.nl',
  now,
});

function field(name: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}: `))
    .map((line) => line.slice(name.length + 2));
}

describe('security.txt (RFC 9116)', () => {
  it('names the contact, the disclosure policy, the languages and its canonical URL', () => {
    expect(field('Contact')).toEqual(['mailto:security@bitwerf.nl']);
    expect(field('Policy')).toEqual(['https://www.bitwerf.nl/security']);
    expect(field('Preferred-Languages')).toEqual(['nl, en']);
    expect(field('Canonical')).toEqual(['https://www.bitwerf.nl/.well-known/security.txt']);
  });

  it('expires once, less than a year after it was generated, in RFC 3339', () => {
    const [expires, ...more] = field('Expires');
    expect(more).toEqual([]);
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const ahead = new Date(expires ?? '').getTime() - now.getTime();
    expect(ahead).toBeGreaterThan((SECURITY_TXT_LIFETIME_DAYS - 1) * 86_400_000);
    expect(ahead).toBeLessThan(365 * 86_400_000);
  });

  it('promises a reply within five working days, in both languages, as SECURITY.md does', () => {
    expect(text).toContain('# Een beveiligingsprobleem gevonden? Mail ons; we reageren binnen vijf werkdagen.');
    expect(text).toContain('# Found a security issue? Email us; we reply within five working days.');
  });

  it('has only fields, comments and the final line break', () => {
    expect(text.endsWith('\n')).toBe(true);
    for (const line of text.trimEnd().split('\n')) expect(line).toMatch(/^(#|[A-Z][A-Za-z-]+: \S)/);
  });
});
