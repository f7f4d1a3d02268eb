import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { loadMessages } from '@/i18n/messages';
import type { ContentEntry } from '@/lib/content/parse-content-file';

import { shippedAboutPage, shippedHomePage } from './shipped-pages';

// What the home and about pages say when their documents are published, missing, not valid, or
// out of reach, as the site reads them: the published rows through the anonymous client, the
// working copies with the editor's session.

type Answer = { data: unknown; error: { message: string } | null };
const backend = vi.hoisted(() => ({ published: { data: [], error: null } as Answer, working: [] as unknown[] }));
vi.mock('@/lib/supabase/anonymous', () => ({ createAnonymousClient: () => ({ rpc: async () => backend.published }) }));
vi.mock('@/lib/content/working-copies', () => ({ readWorkingCopies: async () => backend.working }));
vi.mock('next-intl/server', async () => {
  const messages = await import('@/i18n/messages');
  return { getMessages: ({ locale }: { locale: 'nl' | 'en' }) => messages.loadMessages(locale) };
});

const down: Answer = { data: null, error: { message: 'TypeError: fetch failed' } };
const row = (slug: string, locale: string, frontMatter: unknown) => ({ slug, locale, front_matter: frontMatter, body: '' });

async function pages() {
  vi.resetModules();
  return import('./page-documents');
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  backend.published = { data: [], error: null };
  backend.working = [];
});
afterEach(() => vi.restoreAllMocks());

describe('the home and about pages', () => {
  it('render the texts the site shipped with, in the page’s language, while the backend cannot be read', async () => {
    backend.published = down;
    const { getAboutPage, getHomePage } = await pages();
    const [nl, en] = await Promise.all([loadMessages('nl'), loadMessages('en')]);
    expect(await getHomePage('en', false)).toEqual(shippedHomePage(en.home));
    expect(await getAboutPage('nl', false)).toEqual(shippedAboutPage(nl.about));
  });

  it('say what their published document says', async () => {
    const shipped = shippedHomePage((await loadMessages('nl')).home);
    backend.published = { data: [row('home', 'nl', { ...shipped, title: 'Software die blijft werken' })], error: null };
    const { getHomePage } = await pages();
    expect((await getHomePage('nl', false)).title).toBe('Software die blijft werken');
    // The other language has no document yet: its shipped texts.
    expect((await getHomePage('en', false)).title).toBe((await loadMessages('en')).home.meta.title);
  });

  it('never show a published document that is not valid, and say which fields are wrong', async () => {
    const shipped = shippedHomePage((await loadMessages('nl')).home);
    backend.published = { data: [row('home', 'nl', { ...shipped, hero: { ...shipped.hero, title: '' } })], error: null };
    const { getHomePage } = await pages();
    expect(await getHomePage('nl', false)).toEqual(shipped);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/^Page home\.nl is not valid and is not shown: hero\.title/));
  });

  it('show a valid working copy in a preview, and the published text when the working copy is not valid', async () => {
    const shipped = shippedAboutPage((await loadMessages('nl')).about);
    const published = { ...shipped, title: 'Over ons, gepubliceerd' };
    backend.published = { data: [row('about', 'nl', published)], error: null };
    const working = (title: string): ContentEntry<unknown> => ({
      slug: 'about',
      locale: 'nl',
      data: { ...shipped, title },
      body: '',
      file: 'pages/about.nl',
    });

    backend.working = [working('Over ons, in de maak')];
    expect((await (await pages()).getAboutPage('nl', true)).title).toBe('Over ons, in de maak');
    expect((await (await pages()).getAboutPage('nl', false)).title).toBe('Over ons, gepubliceerd');

    backend.working = [working('')];
    expect((await (await pages()).getAboutPage('nl', true)).title).toBe('Over ons, gepubliceerd');
  });
});
