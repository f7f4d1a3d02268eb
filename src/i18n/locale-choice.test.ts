// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LANGUAGE_OFFER_ATTRIBUTE, LOCALE_CHOICE_ATTRIBUTE, languageScript } from './locale-choice';

type Visit = { lang: 'nl' | 'en'; cookie?: string; languages: string[]; path?: string };

/** Runs the inline script against a page in `lang`, with the browser's cookie and languages. */
function run({ lang, cookie = '', languages, path = '/about-us' }: Visit) {
  const html = document.createElement('html');
  html.lang = lang;
  const replace = vi.fn();
  const documentStub = { documentElement: html, cookie, addEventListener: vi.fn() };
  const location = { pathname: path, search: '?q=1', hash: '#top', replace };
  const navigatorStub = { languages, language: languages[0] };
  new Function('document', 'location', 'navigator', languageScript)(documentStub, location, navigatorStub);
  return { offer: html.getAttribute(LANGUAGE_OFFER_ATTRIBUTE), replace };
}

afterEach(() => {
  document.cookie = 'NEXT_LOCALE=; max-age=0; path=/';
});

describe('language script', () => {
  it('offers English on a Dutch page to a browser that prefers it, without redirecting', () => {
    expect(run({ lang: 'nl', languages: ['en-GB', 'en'] })).toMatchObject({ offer: 'en' });
    expect(run({ lang: 'nl', languages: ['en-GB'] }).replace).not.toHaveBeenCalled();
    expect(run({ lang: 'nl', languages: ['de-DE', 'en-US', 'nl'] }).offer).toBe('en');
  });

  it('offers Dutch on an English page to a Dutch browser', () => {
    expect(run({ lang: 'en', languages: ['nl-BE', 'en'] }).offer).toBe('nl');
  });

  it('offers nothing when the page is in the first language of ours the browser names, or in none', () => {
    expect(run({ lang: 'nl', languages: ['nl-NL', 'en-US'] }).offer).toBeNull();
    expect(run({ lang: 'en', languages: ['en-US'] }).offer).toBeNull();
    expect(run({ lang: 'nl', languages: ['de-DE', 'fr'] }).offer).toBeNull();
  });

  it('sends a visitor who picked English from a Dutch URL to the same page under /en, query and hash kept', () => {
    expect(run({ lang: 'nl', cookie: 'theme=dark; NEXT_LOCALE=en', languages: ['nl'] }).replace).toHaveBeenCalledWith(
      '/en/about-us?q=1#top',
    );
    expect(run({ lang: 'nl', cookie: 'NEXT_LOCALE=en', languages: ['nl'], path: '/' }).replace).toHaveBeenCalledWith('/en?q=1#top');
  });

  it('keeps a prefixed URL and a matching choice where they are, and offers nothing once a choice exists', () => {
    expect(run({ lang: 'en', cookie: 'NEXT_LOCALE=nl', languages: ['nl'] })).toMatchObject({ offer: null });
    expect(run({ lang: 'en', cookie: 'NEXT_LOCALE=nl', languages: ['nl'] }).replace).not.toHaveBeenCalled();
    expect(run({ lang: 'nl', cookie: 'NEXT_LOCALE=nl', languages: ['en'] })).toMatchObject({ offer: null });
  });

  it('ignores a cookie value that is not one of the locales', () => {
    const visit = run({ lang: 'nl', cookie: 'NEXT_LOCALE=de', languages: ['en'] });
    expect(visit.replace).not.toHaveBeenCalled();
    expect(visit.offer).toBe('en');
  });
});

describe("the visitor's choice", () => {
  /** The page as the browser has it, with the language script run against the real document. */
  function page(markup: string) {
    document.documentElement.lang = 'nl';
    document.body.innerHTML = markup;
    new Function(languageScript)();
  }

  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(LANGUAGE_OFFER_ATTRIBUTE);
  });

  it('is stored for a year on the whole site by a plain click on a language link, before any client code', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    page(`<a href="#en" ${LOCALE_CHOICE_ATTRIBUTE}="en"><img alt=""><span>English</span></a>`);
    document.querySelector('span')?.click();
    expect(set).toHaveBeenCalledWith('NEXT_LOCALE=en; path=/; max-age=31536000; samesite=lax');
    expect(document.cookie).toContain('NEXT_LOCALE=en');
  });

  it('is not stored by a click that opens another tab, or for a language the site does not have', () => {
    page(`<a href="#en" ${LOCALE_CHOICE_ATTRIBUTE}="en">English</a><a href="#de" ${LOCALE_CHOICE_ATTRIBUTE}="de">Deutsch</a>`);
    const [english, german] = document.querySelectorAll('a');
    english?.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    german?.click();
    expect(document.cookie).not.toContain('NEXT_LOCALE');
  });

  it('"stay" stores the page\'s language, closes the offer and moves on to the content', () => {
    page(`<button ${LOCALE_CHOICE_ATTRIBUTE}="nl">Stay</button><main id="content" tabindex="-1"></main>`);
    document.documentElement.setAttribute(LANGUAGE_OFFER_ATTRIBUTE, 'en');
    document.querySelector('button')?.click();
    expect(document.cookie).toContain('NEXT_LOCALE=nl');
    expect(document.documentElement.hasAttribute(LANGUAGE_OFFER_ATTRIBUTE)).toBe(false);
    expect(document.activeElement?.id).toBe('content');
  });
});
