import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { pageDocuments } from '../../scripts/lib/content-import';
import { createEntry } from '../../src/lib/content-editor/create';
import { history, restoreRevision } from '../../src/lib/content-editor/history';
import { publish, unpublish } from '../../src/lib/content-editor/publish';
import { getEntry, listEntries } from '../../src/lib/content-editor/read';
import { saveWorkingCopy } from '../../src/lib/content-editor/save';
import type { Editor } from '../../src/lib/content-editor/types';
import type { Database } from '../../src/lib/supabase/database.types';

// The home and about pages, the fourth collection (20261202170000_pages_as_documents.sql), per
// role. Content staff at aal2 edit, publish and restore them like any entry, but nobody adds,
// renames, deletes or takes one offline; each page's front matter is checked against its own
// schema; visitors read what is published and never find a page in search; nobody else reads or
// writes anything.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let visitor: Client;
let editor: Editor;
const OUTSIDERS = ['an anonymous visitor', 'a signed-in user', 'staff without the content role at aal2', 'content staff at aal1'] as const;
const outsiders = new Map<(typeof OUTSIDERS)[number], Editor>();
const pageIds = new Map<string, string>();

const editorOf = (supabase: Client, userId: string): Editor => ({ supabase, userId, changed: async () => undefined });

/** The pages as the import writes them: the texts the site shipped, live in both languages. */
async function importPages(): Promise<void> {
  const admin = backend.admin();
  for (const doc of pageDocuments()) {
    const { error } = await admin.rpc('content_import', {
      wanted_collection: doc.collection,
      wanted_slug: doc.slug,
      wanted_locale: doc.locale,
      wanted_front_matter: doc.frontMatter,
      wanted_body: doc.body,
      published_at: doc.publishedAt,
      revised_at: doc.revisedAt,
    });
    if (error !== null) throw new Error(`${doc.slug}.${doc.locale}: ${error.message}`);
  }
  const { data } = await admin.from('content_entries').select('id, slug').eq('collection', 'pages');
  for (const row of data ?? []) pageIds.set(row.slug, row.id);
}

const idOf = (slug: 'home' | 'about') => {
  const id = pageIds.get(slug);
  if (id === undefined) throw new Error(`no ${slug} page`);
  return id;
};

/** The page's working copy in a locale as the editor opens it. */
async function opened(slug: 'home' | 'about', locale: 'nl' | 'en') {
  const entry = await getEntry(editor, { entryId: idOf(slug) });
  if (!entry.ok) throw new Error(entry.reason);
  const document = entry.entry.documents[locale];
  if (document === undefined) throw new Error(`no ${locale} document`);
  return { entry: entry.entry, document };
}

async function publishedFrontMatter(slug: string, locale: string) {
  const { data } = await visitor.rpc('published_content', { wanted_collection: 'pages' });
  return data?.find((row) => row.slug === slug && row.locale === locale)?.front_matter;
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  visitor = backend.client();
  const [content, recruiting] = await Promise.all([
    staffWithFactor(backend, ['content']),
    staffWithFactor(backend, ['recruiting', 'admin']),
  ]);
  editor = editorOf(content.aal2, content.id);
  const demo = await signedIn(backend, DEMO);
  const aal1 = await signedIn(backend, content.account);
  outsiders.set('an anonymous visitor', editorOf(backend.client(), '00000000-0000-4000-8000-000000000000'));
  outsiders.set('a signed-in user', editorOf(demo.client, demo.id));
  outsiders.set('staff without the content role at aal2', editorOf(recruiting.aal2, recruiting.id));
  outsiders.set('content staff at aal1', editorOf(aal1.client, aal1.id));
  await importPages();
});
afterAll(async () => {
  await backend?.close();
});

describe('the import', () => {
  it('publishes the home and about pages in both languages with the texts the site shipped', async () => {
    const { data } = await visitor.rpc('published_content', { wanted_collection: 'pages' });
    expect(data?.map((row) => `${row.slug}.${row.locale}`).sort()).toEqual(['about.en', 'about.nl', 'home.en', 'home.nl']);
    expect(await publishedFrontMatter('home', 'en')).toMatchObject({ hero: { title: 'Custom software that simply works' } });
    expect(await publishedFrontMatter('about', 'nl')).toMatchObject({
      team: { members: expect.arrayContaining([{ name: 'Sanne de Jong', role: 'Oprichter en directeur' }]) },
    });
  });

  it('makes only the site’s pages: the collection holds no other slug, whoever writes', async () => {
    const { error } = await backend.admin().from('content_entries').insert({ collection: 'pages', slug: 'contact' });
    expect(error?.code).toBe('23514');
  });
});

describe('content staff at aal2', () => {
  // Each test starts from the imported texts again, published.
  beforeEach(async () => {
    for (const slug of ['home', 'about'] as const) {
      for (const locale of ['nl', 'en'] as const) {
        const revisions = await history(editor, { entryId: idOf(slug), locale });
        if (!revisions.ok) throw new Error(revisions.reason);
        const imported = revisions.revisions.find((revision) => revision.kind === 'import');
        if (imported === undefined) throw new Error('no import revision');
        const { document } = await opened(slug, locale);
        const restored = await restoreRevision(editor, {
          entryId: idOf(slug),
          locale,
          revisionId: imported.id,
          baseVersion: document.version,
        });
        if (!restored.ok) throw new Error(restored.reason);
        await publish(editor, { entryId: idOf(slug), documents: [{ locale, version: restored.version }] });
      }
    }
  });

  it('list the two pages, published in both languages', async () => {
    const listed = await listEntries(editor, { collection: 'pages' });
    if (!listed.ok) throw new Error(listed.reason);
    expect(listed.entries.map((entry) => [entry.slug, entry.statuses]).sort()).toEqual([
      ['about', { nl: 'published', en: 'published' }],
      ['home', { nl: 'published', en: 'published' }],
    ]);
  });

  it('change the home page’s hero title in both languages and publish it: visitors read the new one, and the history keeps the old', async () => {
    const versions = [];
    for (const [locale, title] of [
      ['nl', 'Software die je bedrijf vooruithelpt'],
      ['en', 'Software that moves your business'],
    ] as const) {
      const { entry, document } = await opened('home', locale);
      expect(entry.kind).toBe('pages/home');
      const frontMatter = { ...document.frontMatter, hero: { ...(document.frontMatter.hero as object), title } };
      const saved = await saveWorkingCopy(editor, { entryId: idOf('home'), locale, baseVersion: document.version, frontMatter, body: '' });
      if (!saved.ok) throw new Error(saved.reason);
      versions.push({ locale, version: saved.version });
    }
    expect(await publish(editor, { entryId: idOf('home'), documents: versions })).toEqual({ ok: true, published: ['nl', 'en'] });
    expect(await publishedFrontMatter('home', 'nl')).toMatchObject({ hero: { title: 'Software die je bedrijf vooruithelpt' } });
    expect(await publishedFrontMatter('home', 'en')).toMatchObject({ hero: { title: 'Software that moves your business' } });
    const revisions = await history(editor, { entryId: idOf('home'), locale: 'nl' });
    expect(revisions.ok && revisions.revisions.some((r) => r.kind === 'import' && !r.live)).toBe(true);
  });

  it('choose which case studies the home page shows, by their slugs', async () => {
    const { document } = await opened('home', 'nl');
    const cases = { ...(document.frontMatter.cases as object), shown: ['een-planbord-voor-140-vrachtwagens'] };
    const saved = await saveWorkingCopy(editor, {
      entryId: idOf('home'),
      locale: 'nl',
      baseVersion: document.version,
      frontMatter: { ...document.frontMatter, cases },
      body: '',
    });
    expect(saved.ok).toBe(true);
  });

  it('cannot save a page with a field of its own missing, or with the other page’s fields', async () => {
    const { document } = await opened('home', 'nl');
    const hero = { ...(document.frontMatter.hero as object), title: '' };
    expect(
      await saveWorkingCopy(editor, {
        entryId: idOf('home'),
        locale: 'nl',
        baseVersion: document.version,
        frontMatter: { ...document.frontMatter, hero },
        body: '',
      }),
    ).toEqual({ ok: false, reason: 'problems', locale: 'nl', problems: [{ field: 'hero.title', code: 'required' }] });
    const about = await opened('about', 'nl');
    const swapped = await saveWorkingCopy(editor, {
      entryId: idOf('home'),
      locale: 'nl',
      baseVersion: document.version,
      frontMatter: about.document.frontMatter,
      body: '',
    });
    expect(swapped.ok).toBe(false);
  });

  it('cannot publish a page whose working copy was written past the editor with the other page’s fields: the database checks each page by its own schema', async () => {
    const about = await opened('about', 'nl');
    const { data } = await editor.supabase
      .from('content_documents')
      .update({ front_matter: about.document.frontMatter as Database['public']['Tables']['content_documents']['Update']['front_matter'] })
      .eq('entry_id', idOf('home'))
      .eq('locale', 'nl')
      .select('version');
    const version = data?.[0]?.version;
    expect(version).toBeDefined();
    const { error } = await editor.supabase.rpc('content_publish', {
      wanted_entry: idOf('home'),
      wanted_documents: [{ locale: 'nl', version: version ?? 0 }],
    });
    expect(error?.code).toBe('BW422');
    expect(await publishedFrontMatter('home', 'nl')).toMatchObject({ hero: { title: 'Software op maat die gewoon werkt' } });
  });

  it('can neither add, rename, delete nor take a page offline', async () => {
    expect(await createEntry(editor, { collection: 'pages', slug: 'contact' })).toEqual({ ok: false, reason: 'invalid' });
    const inserted = await editor.supabase.from('content_entries').insert({ collection: 'pages', slug: 'about' });
    expect(inserted.error?.code).toBe('42501');
    const renamed = await editor.supabase.from('content_entries').update({ slug: 'over-ons' }).eq('id', idOf('about'));
    expect(renamed.error?.code).toBe('42501');
    // A published entry is not the editor's to delete in any collection; a page is refused even past that.
    await editor.supabase.from('content_entries').delete().eq('id', idOf('about'));
    expect(await unpublish(editor, { entryId: idOf('about'), locale: 'en' })).toEqual({ ok: false, reason: 'failed' });
    expect(await publishedFrontMatter('about', 'en')).toMatchObject({ intro: { title: 'About Bitwerf' } });
    const { data } = await backend.admin().from('content_entries').select('slug').eq('collection', 'pages');
    expect(data?.map((row) => row.slug).sort()).toEqual(['about', 'home']);
  });
});

describe('everyone else', () => {
  it.each(OUTSIDERS)('%s can neither list, read, change nor publish a page', async (name) => {
    const outsider = outsiders.get(name);
    if (outsider === undefined) throw new Error(`no client for ${name}`);
    const listed = await listEntries(outsider, { collection: 'pages' });
    expect(listed.ok ? listed.entries : []).toEqual([]);
    const { data: entries } = await outsider.supabase.from('content_entries').select('id').eq('collection', 'pages');
    expect(entries ?? []).toEqual([]);
    const { data: changed } = await outsider.supabase
      .from('content_documents')
      .update({ body: 'overgenomen' })
      .eq('entry_id', idOf('home'))
      .select('entry_id');
    expect(changed ?? []).toEqual([]);
    const { error } = await outsider.supabase.rpc('content_publish', {
      wanted_entry: idOf('home'),
      wanted_documents: [{ locale: 'nl', version: 1 }],
    });
    expect(error).not.toBeNull();
    const { data: rows } = await backend.admin().from('content_documents').select('body').eq('entry_id', idOf('home'));
    expect(rows?.map((row) => row.body)).toEqual(['', '']);
  });

  it('a visitor never finds a page in search: its words are reached at / and /about-us', async () => {
    const found = await visitor.rpc('search_content', { search_query: 'keukentafel', wanted_locale: 'nl' });
    expect(found.data ?? []).toEqual([]);
    const hero = await visitor.rpc('search_content', { search_query: 'gewoon werkt', wanted_locale: 'nl' });
    expect((hero.data ?? []).map((row) => row.collection)).not.toContain('pages');
  });
});
