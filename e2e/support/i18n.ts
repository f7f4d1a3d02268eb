import { test as base, expect, type Page } from '@playwright/test';

import enCommon from '../../public/locales/en/common.json' with { type: 'json' };
import nlCommon from '../../public/locales/nl/common.json' with { type: 'json' };
import type { Locale } from '../../src/i18n/routing';

/**
 * The test API every spec uses. The analytics host is unreachable from the test machine, so
 * its script is answered at once with an empty body wherever consent can still be given; what the
 * page itself sets up is still checked.
 * Every visit starts with a stored "denied" consent choice, so the banner does not cover what a
 * spec is about; consent.spec.ts sets `consentChoice: null` to see a first visit.
 * This is set up on the `page` fixture itself, so a test that only sends requests opens no page.
 */
export const test = base.extend<{ consentChoice: 'granted' | 'denied' | null }>({
  consentChoice: ['denied', { option: true }],
  // `use` is Playwright's name for the callback; a different name keeps React's hook rule out of it.
  page: async ({ page, consentChoice }, provide) => {
    if (consentChoice) {
      await page.addInitScript((choice) => localStorage.setItem('bitwerf-consent', choice), consentChoice);
    }
    // Only a visitor who may still say yes can load analytics. Routing is left off otherwise:
    // once a page routes anything, each of its requests makes a round trip through the runner.
    if (consentChoice !== 'denied') {
      await page.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
    }
    await provide(page);
  },
});
export { expect };

export type LocaleCase = {
  locale: Locale;
  /** What the browser sends as its language, so a first visit lands in this locale. */
  browserLocale: string;
  /** Path prefix: "" for Dutch, "/en" for English. */
  prefix: string;
  common: typeof nlCommon;
};

export const locales: LocaleCase[] = [
  { locale: 'nl', browserLocale: 'nl-NL', prefix: '', common: nlCommon },
  { locale: 'en', browserLocale: 'en-GB', prefix: '/en', common: enCommon },
];

/** The five pages of spec §2, by nav key. */
export const pages = [
  { key: 'home', path: '/' },
  { key: 'about', path: '/about-us' },
  { key: 'vacancies', path: '/vacancies' },
  { key: 'blog', path: '/blog' },
  { key: 'contact', path: '/contact-us' },
] as const;

/** The legal pages linked from the footer, by their key in common.footer and legal.json. */
export const legalPages = [
  { key: 'privacy', path: '/privacy' },
  { key: 'cookies', path: '/cookies' },
  { key: 'accessibility', path: '/accessibility' },
  { key: 'security', path: '/security' },
] as const;

export function localized(lc: LocaleCase, path: string): string {
  if (path === '/') return lc.prefix || '/';
  return `${lc.prefix}${path}`;
}

type DescribeDetails = { tag?: string | string[] };

/** Runs a describe block once per locale, with the browser speaking that language. */
export function forEachLocale(title: string, body: (lc: LocaleCase) => void, details: DescribeDetails = {}) {
  for (const lc of locales) inLocale(lc, title, body, details);
}

/**
 * Runs a describe block in one locale. For behaviour the language cannot change (focus, motion,
 * scrolling, storage): such tests still take their texts from `lc`, and a spec spreads them over
 * both locales so that each language is exercised without repeating every test in each.
 */
export function inLocale(lc: LocaleCase, title: string, body: (lc: LocaleCase) => void, details: DescribeDetails = {}) {
  test.describe(`${title} [${lc.locale}]`, details, () => {
    test.use({ locale: lc.browserLocale });
    body(lc);
  });
}

export const [nl, en] = locales as [LocaleCase, LocaleCase];

/** Whether the current project is narrower than the lg breakpoint (62em = 992px). */
export function isBelowLg(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) < 992;
}
