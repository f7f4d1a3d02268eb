import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { loadMessages } from '@/i18n/messages';
import type { ContentEntry } from '@/lib/content/parse-content-file';

import { getAboutPage, getHomePage } from './page-documents';
import { shippedAboutPage, shippedHomePage } from './shipped-pages';

// What the home and about pages say when their documents are published, missing or not valid. The
// readers are replaced here; what they give while the backend is down (the content last read, or
// none) is read-published.test.ts's.

const backend = vi.hoisted(() => ({ published: [] as ContentEntry<unknown>[], working: [] as ContentEntry<unknown>[] }));
vi.mock('@/lib/content/read-published', () => ({ readPublished: async () => backend.published }));
vi.mock('@/lib/content/working-copies', () => ({ readWorkingCopies: async () => backend.working }));
vi.mock('next-intl/server', async () => {
  const messages = await import('@/i18n/messages');
  return { getMessages: ({ locale }: { locale: 'nl' | 'en' }) => messages.loadMessages(locale) };
});

const entry = (slug: string, locale: 'nl' | 'en', data: unknown): ContentEntry<unknown> => ({
  slug,
  locale,
  data,
  body: '',
  file: `pages/${slug}.${locale}`,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  backend.published = [];
  backend.working = [];
});
afterEach(() => vi.restoreAllMocks());

describe('the home and about pages', () => {
  it('render the texts the site shipped with, in the page’s language, when no document of theirs can be read', async () => {
    const [nl, en] = await Promise.all([loadMessages('nl'), loadMessages('en')]);
    expect(await getHomePage('en', false)).toEqual(shippedHomePage(en.home));
    expect(await getAboutPage('nl', false)).toEqual(shippedAboutPage(nl.about));
  });

  it('say what their published document says', async () => {
    const shipped = shippedHomePage((await loadMessages('nl')).home);
    backend.published = [entry('home', 'nl', { ...shipped, title: 'Software die blijft werken' })];
    expect((await getHomePage('nl', false)).title).toBe('Software die blijft werken');
    // The other language has no document yet: its shipped texts.
    expect((await getHomePage('en', false)).title).toBe((await loadMessages('en')).home.meta.title);
  });

  it('never show a published document that is not valid, and say which fields are wrong', async () => {
    const shipped = shippedHomePage((await loadMessages('nl')).home);
    backend.published = [entry('home', 'nl', { ...shipped, hero: { ...shipped.hero, title: '' } })];
    expect(await getHomePage('nl', false)).toEqual(shipped);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/^Page home\.nl is not valid and is not shown: hero\.title/));
  });

  it('show a valid working copy in a preview, and the published text when the working copy is not valid', async () => {
    const shipped = shippedAboutPage((await loadMessages('nl')).about);
    backend.published = [entry('about', 'nl', { ...shipped, title: 'Over ons, gepubliceerd' })];

    backend.working = [entry('about', 'nl', { ...shipped, title: 'Over ons, in de maak' })];
    expect((await getAboutPage('nl', true)).title).toBe('Over ons, in de maak');
    expect((await getAboutPage('nl', false)).title).toBe('Over ons, gepubliceerd');

    backend.working = [entry('about', 'nl', { ...shipped, title: '' })];
    expect((await getAboutPage('nl', true)).title).toBe('Over ons, gepubliceerd');
  });
});
