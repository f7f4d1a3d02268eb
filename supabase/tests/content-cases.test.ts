import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { createEntry } from '../../src/lib/content-editor/create';
import { publish } from '../../src/lib/content-editor/publish';
import { getEntry, listEntries } from '../../src/lib/content-editor/read';
import { saveWorkingCopy } from '../../src/lib/content-editor/save';
import { changeSlug } from '../../src/lib/content-editor/slug';
import type { Editor } from '../../src/lib/content-editor/types';
import type { Database } from '../../src/lib/supabase/database.types';

// Case studies, the third collection: the same tables, policies and public functions as the blog
// and the vacancies, per role. Content staff at aal2 write and publish them; visitors read what is
// published, find it in search and follow an old slug; nobody else reads or writes anything.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let visitor: Client;
let editor: Editor;
const OUTSIDERS = ['an anonymous visitor', 'a signed-in user', 'staff without the content role at aal2', 'content staff at aal1'] as const;
const outsiders = new Map<(typeof OUTSIDERS)[number], Editor>();

const caseStudy = (title: string) => ({
  title,
  description: 'Een planningsplatform dat ritten automatisch optimaliseert en chauffeurs live op de hoogte houdt.',
  client: { anonymous: false, name: 'Van der Vecht Logistiek', sector: 'logistics', place: 'Zwolle' },
  services: ['custom', 'apps'],
  period: { from: '2025-03', until: '2025-11' },
  figures: [{ value: '23%', label: 'minder lege kilometers' }],
  quote: { text: 'Het planbord is het hart van ons bedrijf geworden.', name: 'Ilse van der Vecht', role: 'Directeur' },
  related: [],
});

let counter = 0;
const slug = () => `case-${Date.now().toString(36)}-${(counter += 1)}`;

const editorOf = (supabase: Client, userId: string): Editor => ({ supabase, userId, changed: async () => undefined });

/** A case written and published in Dutch by the editor; its id. */
async function publishedCase(wanted: string, title: string, body = '## De uitdaging\n\nRitten plannen met Excel.\n'): Promise<string> {
  const created = await createEntry(editor, { collection: 'cases', slug: wanted });
  if (!created.ok) throw new Error(`could not create ${wanted}: ${created.reason}`);
  const opened = await getEntry(editor, { entryId: created.entryId });
  if (!opened.ok) throw new Error(opened.reason);
  const saved = await saveWorkingCopy(editor, {
    entryId: created.entryId,
    locale: 'nl',
    baseVersion: opened.entry.documents.nl?.version ?? 0,
    frontMatter: caseStudy(title),
    body,
  });
  if (!saved.ok) throw new Error(saved.reason);
  const published = await publish(editor, { entryId: created.entryId, documents: [{ locale: 'nl', version: saved.version }] });
  if (!published.ok) throw new Error(published.reason);
  return created.entryId;
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
});
afterAll(async () => {
  await backend?.close();
});

describe('content staff at aal2', () => {
  it('create a case study that starts from the three headings of its story, in each language', async () => {
    const created = await createEntry(editor, { collection: 'cases', slug: slug() });
    if (!created.ok) throw new Error(created.reason);
    const opened = await getEntry(editor, { entryId: created.entryId });
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.entry.collection).toBe('cases');
    expect(opened.entry.documents.nl?.body).toMatch(/^## De uitdaging\n[\s\S]*## Onze aanpak\n[\s\S]*## Het resultaat\n$/);
    expect(opened.entry.documents.en?.body).toMatch(/^## The challenge\n[\s\S]*## Our approach\n[\s\S]*## The result\n$/);
    const listed = await listEntries(editor, { collection: 'cases' });
    expect(listed.ok && listed.entries.map((entry) => entry.id)).toContain(created.entryId);
  });

  it('cannot save a case whose client has neither a name nor "anonymous", or a logo without its alt text', async () => {
    const created = await createEntry(editor, { collection: 'cases', slug: slug() });
    if (!created.ok) throw new Error(created.reason);
    const base = caseStudy('Een planbord voor 140 vrachtwagens');
    const saved = await saveWorkingCopy(editor, {
      entryId: created.entryId,
      locale: 'nl',
      baseVersion: 1,
      frontMatter: { ...base, client: { anonymous: false, sector: 'logistics', logo: 'a'.repeat(64) } },
      body: '',
    });
    expect(saved).toEqual({
      ok: false,
      reason: 'problems',
      locale: 'nl',
      problems: [
        { field: 'client.name', code: 'required' },
        { field: 'client.logoAlt', code: 'required' },
      ],
    });
  });

  it('publish a case study for visitors, who find it in search in its language only', async () => {
    const wanted = slug();
    await publishedCase(wanted, 'Eén planbord voor honderdveertig vrachtwagens');
    const { data: rows } = await visitor.rpc('published_content', { wanted_collection: 'cases' });
    expect(rows?.find((row) => row.slug === wanted)).toMatchObject({
      locale: 'nl',
      front_matter: { client: { name: 'Van der Vecht Logistiek' } },
    });
    const found = await visitor.rpc('search_content', { search_query: 'planbord vrachtwagens', wanted_locale: 'nl' });
    expect(found.data?.map((row) => [row.collection, row.slug])).toContainEqual(['cases', wanted]);
    const english = await visitor.rpc('search_content', { search_query: 'planbord', wanted_locale: 'en' });
    expect(english.data?.map((row) => row.slug)).not.toContain(wanted);
  });

  it('change a published case’s slug, and the old one leads visitors to the new one', async () => {
    const before = slug();
    const entryId = await publishedCase(before, 'Een portaal waarin familie en zorg samenkomen');
    const after = slug();
    expect(await changeSlug(editor, { entryId, slug: after, confirmed: true })).toEqual({ ok: true, slug: after });
    const target = await visitor.rpc('content_redirect_target', { wanted_collection: 'cases', old_slug: before });
    expect(target.data).toBe(after);
    // A redirect belongs to its collection: the same old slug is nothing for the blog.
    const elsewhere = await visitor.rpc('content_redirect_target', { wanted_collection: 'blog', old_slug: before });
    expect(elsewhere.data).toBeNull();
  });

  it('can only make entries of the three collections, by their exact names', async () => {
    for (const collection of ['projects', 'Cases', ' cases']) {
      expect(await createEntry(editor, { collection, slug: slug() }), collection).toEqual({ ok: false, reason: 'invalid' });
    }
    // The database holds the same list, whoever writes.
    const { error } = await backend.admin().from('content_entries').insert({ collection: 'projects', slug: slug() });
    expect(error?.code).toBe('23514');
  });
});

describe('everyone else', () => {
  it.each(OUTSIDERS)('%s can neither create, list nor read a case study', async (name) => {
    const outsider = outsiders.get(name);
    if (outsider === undefined) throw new Error(`no client for ${name}`);
    const created = await createEntry(outsider, { collection: 'cases', slug: slug() });
    expect(created.ok).toBe(false);
    const listed = await listEntries(outsider, { collection: 'cases' });
    expect(listed.ok ? listed.entries : []).toEqual([]);
    const { data } = await outsider.supabase.from('content_entries').select('id').eq('collection', 'cases');
    expect(data ?? []).toEqual([]);
  });

  it('an anonymous visitor sees no draft case study, in the list or in search', async () => {
    const created = await createEntry(editor, { collection: 'cases', slug: slug() });
    if (!created.ok) throw new Error(created.reason);
    await saveWorkingCopy(editor, {
      entryId: created.entryId,
      locale: 'nl',
      baseVersion: 1,
      frontMatter: caseStudy('Een geheim conceptproject zonder publicatie'),
      body: 'Conceptwoorden geheimzinnig.',
    });
    const { data: rows } = await visitor.rpc('published_content', { wanted_collection: 'cases' });
    expect(rows?.map((row) => row.entry_id)).not.toContain(created.entryId);
    const found = await visitor.rpc('search_content', { search_query: 'geheimzinnig', wanted_locale: 'nl' });
    expect(found.data).toEqual([]);
  });
});
