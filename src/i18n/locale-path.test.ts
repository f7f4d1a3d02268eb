import { createNavigation } from 'next-intl/navigation';
import { describe, expect, it } from 'vitest';

import { localeOfPath, stripLocale, withLocale } from './locale-path';
import { routing } from './routing';

const { getPathname } = createNavigation(routing);

const paths = ['/', '/about-us', '/vacancies', '/blog', '/blog/some-post', '/contact-us'];

describe('locale paths', () => {
  it.each(routing.locales.flatMap((locale) => paths.map((path) => [locale, path] as const)))(
    'builds the same %s URL for %s as next-intl does',
    (locale, path) => {
      expect(withLocale(path, locale)).toBe(getPathname({ locale, href: path }));
    },
  );

  it('leaves Dutch paths unprefixed and puts English under /en', () => {
    expect(withLocale('/blog', 'nl')).toBe('/blog');
    expect(withLocale('/blog', 'en')).toBe('/en/blog');
    expect(withLocale('/', 'en')).toBe('/en');
  });

  it('reads the locale and the bare path back from a browser pathname', () => {
    expect(localeOfPath('/en/blog')).toBe('en');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/blog')).toBe('nl');
    expect(localeOfPath('/english-lessons')).toBe('nl');
    expect(localeOfPath('/nl/blog')).toBe('nl');
    expect(stripLocale('/nl/blog')).toBe('/blog');
    expect(stripLocale('/nl')).toBe('/');
    expect(stripLocale('/english-lessons')).toBe('/english-lessons');
    expect(stripLocale('/en/blog')).toBe('/blog');
    expect(stripLocale('/en')).toBe('/');
    expect(stripLocale('/about-us')).toBe('/about-us');
    expect(stripLocale('/')).toBe('/');
  });
});
