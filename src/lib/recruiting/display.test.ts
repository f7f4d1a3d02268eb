import { describe, expect, it } from 'vitest';

import { formatFileSize, profileHref, telHref } from './display';

describe('formatFileSize', () => {
  it('says kB below a megabyte and MB above, in the locale’s numbers', () => {
    expect(formatFileSize(840_000, 'nl')).toBe('840 kB');
    expect(formatFileSize(12, 'en')).toBe('1 kB');
    expect(formatFileSize(2_400_000, 'nl')).toBe('2,4 MB');
    expect(formatFileSize(2_400_000, 'en')).toBe('2.4 MB');
  });
});

describe('profileHref', () => {
  it('links web addresses only', () => {
    expect(profileHref('https://www.linkedin.com/in/noor')).toBe('https://www.linkedin.com/in/noor');
    expect(profileHref('http://portfolio.example.nl')).toBe('http://portfolio.example.nl/');
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'www.example.nl', 'mailto:a@b.nl', ''])
      expect(profileHref(url)).toBeNull();
  });
});

describe('telHref', () => {
  it('keeps digits and one leading plus', () => {
    expect(telHref('+31 6 12 34 56 78')).toBe('tel:+31612345678');
    expect(telHref('06-1234 5678')).toBe('tel:0612345678');
    expect(telHref('1+2+3456')).toBe('tel:123456');
    expect(telHref('bel me')).toBeNull();
  });
});
