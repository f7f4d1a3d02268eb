import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import type { Database } from '../../src/lib/supabase/database.types';

// Vacancies and posts in Postgres: only staff with the content role at aal2 read or write the
// tables, in their own name; revisions and the audit trail are append-only; visitors read what is
// published and due through functions, never the tables.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let admin: Client;
let editor: Client;
let editorId: string;
let visitor: Client;
const OUTSIDERS = ['an anonymous visitor', 'a signed-in user', 'staff without the content role at aal2', 'content staff at aal1'] as const;
const outsiders = new Map<(typeof OUTSIDERS)[number], Client>();

const frontMatter = { title: 'Een nieuwe post', description: 'Een beschrijving die lang genoeg is voor de kaart en het zoekresultaat.' };

function slug(): string {
  return `post-${randomUUID().slice(0, 8)}`;
}

async function createEntry(as: Client, wanted = slug()): Promise<string> {
  const { data, error } = await as
    .from('content_entries')
    .insert({ collection: 'blog', slug: wanted, created_by: editorId })
    .select('id')
    .single();
  if (error !== null) throw error;
  return data.id;
}

async function startDocument(entryId: string, locale: 'nl' | 'en' = 'nl', body = 'Eerste versie.'): Promise<void> {
  const { error } = await editor.from('content_documents').insert({ entry_id: entryId, locale, front_matter: frontMatter, body });
  if (error !== null) throw error;
}

async function revision(entryId: string, locale: 'nl' | 'en' = 'nl', kind: 'publish' | 'schedule' = 'publish'): Promise<string> {
  const document = await editor.from('content_documents').select('*').eq('entry_id', entryId).eq('locale', locale).single();
  if (document.error !== null) throw document.error;
  const { data, error } = await editor
    .from('content_revisions')
    .insert({
      entry_id: entryId,
      locale,
      slug: 'ignored-for-rendering',
      front_matter: document.data.front_matter,
      body: document.data.body,
      document_version: document.data.version,
      kind,
      created_by: editorId,
    })
    .select('id')
    .single();
  if (error !== null) throw error;
  return data.id;
}

async function publish(entryId: string, locale: 'nl' | 'en' = 'nl'): Promise<void> {
  const revisionId = await revision(entryId, locale);
  const version = await editor.from('content_documents').select('version').eq('entry_id', entryId).eq('locale', locale).single();
  if (version.error !== null) throw version.error;
  const { error } = await editor
    .from('content_documents')
    .update({ live_revision_id: revisionId, live_version: version.data.version })
    .eq('entry_id', entryId)
    .eq('locale', locale);
  if (error !== null) throw error;
}

async function publishedSlugs(): Promise<string[]> {
  const { data, error } = await visitor.rpc('published_content', { wanted_collection: 'blog' });
  if (error !== null) throw error;
  return data.map((row) => `${row.slug}:${row.locale}`);
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  const content = await staffWithFactor(backend, ['content']);
  editor = content.aal2;
  editorId = content.id;
  const recruiting = await staffWithFactor(backend, ['recruiting', 'inbox', 'admin']);
  visitor = backend.client();
  outsiders.set('an anonymous visitor', visitor);
  outsiders.set('a signed-in user', (await signedIn(backend, DEMO)).client);
  outsiders.set('staff without the content role at aal2', recruiting.aal2);
  outsiders.set('content staff at aal1', (await signedIn(backend, content.account)).client);
});
afterAll(async () => {
  await backend?.close();
});

describe('content staff at aal2', () => {
  it('write an entry, its working copy, a revision and the audit trail in their own name, and publish it for visitors', async () => {
    const wanted = slug();
    const entryId = await createEntry(editor, wanted);
    await startDocument(entryId);
    expect(await publishedSlugs()).not.toContain(`${wanted}:nl`);

    await publish(entryId);
    const audit = await editor.from('content_audit').insert({ entry_id: entryId, locale: 'nl', action: 'publish', actor_id: editorId });
    expect(audit.error).toBeNull();

    expect(await publishedSlugs()).toContain(`${wanted}:nl`);
    const document = await editor.from('content_documents').select('updated_by, version, live_version').eq('entry_id', entryId).single();
    expect(document.data).toEqual({ updated_by: editorId, version: 1, live_version: 1 });
  });

  it('cannot write a revision or an audit entry in someone else’s name', async () => {
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    const someoneElse = randomUUID();
    const forgedRevision = await editor.from('content_revisions').insert({
      entry_id: entryId,
      locale: 'nl',
      slug: 'x',
      front_matter: {},
      body: '',
      document_version: 1,
      kind: 'version',
      created_by: someoneElse,
    });
    expect(forgedRevision.error).not.toBeNull();
    const forgedAudit = await editor.from('content_audit').insert({ entry_id: entryId, action: 'save', actor_id: someoneElse });
    expect(forgedAudit.error).not.toBeNull();
  });

  it('can neither change nor delete a revision or an audit entry', async () => {
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    const revisionId = await revision(entryId);
    await editor.from('content_audit').insert({ entry_id: entryId, action: 'create', actor_id: editorId });

    const changed = await editor.from('content_revisions').update({ body: 'rewritten history' }).eq('id', revisionId);
    const deleted = await editor.from('content_revisions').delete().eq('id', revisionId);
    const auditChanged = await editor.from('content_audit').update({ action: 'delete' }).eq('entry_id', entryId);
    const auditDeleted = await editor.from('content_audit').delete().eq('entry_id', entryId);
    for (const result of [changed, deleted, auditChanged, auditDeleted]) expect(result.error?.code).toBe('42501');

    const kept = await admin.from('content_revisions').select('body').eq('id', revisionId).single();
    expect(kept.data?.body).toBe('Eerste versie.');
    const audit = await admin.from('content_audit').select('action').eq('entry_id', entryId);
    expect(audit.data).toEqual([{ action: 'create' }]);
  });

  it('get a new version for each change of the text, and a write from an older version matches nothing', async () => {
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    const first = await editor
      .from('content_documents')
      .update({ body: 'Tweede versie.' })
      .eq('entry_id', entryId)
      .eq('version', 1)
      .select('version');
    expect(first.data).toEqual([{ version: 2 }]);
    const stale = await editor
      .from('content_documents')
      .update({ body: 'Uit een ander tabblad.' })
      .eq('entry_id', entryId)
      .eq('version', 1)
      .select('version');
    expect(stale.data).toEqual([]);
    const forged = await editor.from('content_documents').update({ version: 99 }).eq('entry_id', entryId).select('version');
    expect(forged.data).toEqual([{ version: 2 }]);
    const stored = await admin.from('content_documents').select('body').eq('entry_id', entryId).single();
    expect(stored.data?.body).toBe('Tweede versie.');
  });

  it('cannot show another entry’s revision on a document', async () => {
    const mine = await createEntry(editor);
    const other = await createEntry(editor);
    await startDocument(mine);
    await startDocument(other);
    const foreign = await revision(other);
    const { error } = await editor.from('content_documents').update({ live_revision_id: foreign, live_version: 1 }).eq('entry_id', mine);
    expect(error?.code).toBe('23514');
  });

  it('can delete an entry that was never published, and not one that was', async () => {
    const draft = await createEntry(editor);
    const published = await createEntry(editor);
    await startDocument(published);
    await publish(published);
    await editor.from('content_entries').delete().eq('id', draft);
    await editor.from('content_entries').delete().eq('id', published);
    const left = await admin.from('content_entries').select('id').in('id', [draft, published]);
    expect(left.data).toEqual([{ id: published }]);
  });
});

describe('slugs and redirects', () => {
  it('a slug changes freely before the first publish', async () => {
    const before = slug();
    const entryId = await createEntry(editor, before);
    await startDocument(entryId);
    await editor.from('content_entries').update({ slug: slug() }).eq('id', entryId);
    const { data } = await admin.from('content_redirects').select('slug').eq('entry_id', entryId);
    expect(data).toEqual([]);
  });

  it('after it, the old slug leads to the entry, no other entry can take it, and the entry can take it back', async () => {
    const before = slug();
    const after = slug();
    const entryId = await createEntry(editor, before);
    await startDocument(entryId);
    await publish(entryId);
    const renamed = await editor.from('content_entries').update({ slug: after }).eq('id', entryId);
    expect(renamed.error).toBeNull();

    const target = await visitor.rpc('content_redirect_target', { wanted_collection: 'blog', old_slug: before });
    expect(target.data).toBe(after);

    const taken = await editor.from('content_entries').insert({ collection: 'blog', slug: before, created_by: editorId });
    expect(taken.error?.code).toBe('23505');

    await editor.from('content_entries').update({ slug: before }).eq('id', entryId);
    const back = await visitor.rpc('content_redirect_target', { wanted_collection: 'blog', old_slug: before });
    expect(back.data).toBeNull();
    const forward = await visitor.rpc('content_redirect_target', { wanted_collection: 'blog', old_slug: after });
    expect(forward.data).toBe(before);
  });

  it('only a slug change writes a redirect: content staff can neither plant one for another entry nor remove one', async () => {
    const victim = await createEntry(editor, slug());
    await startDocument(victim);
    await publish(victim);
    const planted = slug();
    const other = await createEntry(editor, slug());
    const insert = await editor
      .from('content_redirects')
      .insert({ collection: 'blog', slug: planted, entry_id: other, created_by: editorId });
    expect(insert.error?.code).toBe('42501');
    // The victim's rename leaves its own old slug behind, pointing at the victim.
    const before = (await admin.from('content_entries').select('slug').eq('id', victim).single()).data?.slug ?? '';
    await editor.from('content_entries').update({ slug: slug() }).eq('id', victim);
    const { data } = await admin.from('content_redirects').select('entry_id').eq('slug', before);
    expect(data).toEqual([{ entry_id: victim }]);
    await editor.from('content_redirects').delete().eq('slug', before);
    expect((await admin.from('content_redirects').select('entry_id').eq('slug', before)).data).toEqual([{ entry_id: victim }]);
  });

  it('a published entry stays published for the slug’s sake: first_published_at cannot be cleared', async () => {
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    await publish(entryId);
    await editor.from('content_entries').update({ first_published_at: null }).eq('id', entryId);
    const { data } = await admin.from('content_entries').select('first_published_at').eq('id', entryId).single();
    expect(data?.first_published_at).not.toBeNull();
  });
});

describe('what visitors see', () => {
  it('each language on its own: an English version can be live while the Dutch one is a draft', async () => {
    const wanted = slug();
    const entryId = await createEntry(editor, wanted);
    await startDocument(entryId, 'nl');
    await startDocument(entryId, 'en', 'First version.');
    await publish(entryId, 'en');
    const visible = await publishedSlugs();
    expect(visible).toContain(`${wanted}:en`);
    expect(visible).not.toContain(`${wanted}:nl`);
  });

  it('a scheduled revision is shown once it is due, and not before', async () => {
    const due = slug();
    const later = slug();
    for (const [wanted, at] of [
      [due, new Date(Date.now() - 1_000)],
      [later, new Date(Date.now() + 3_600_000)],
    ] as const) {
      const entryId = await createEntry(editor, wanted);
      await startDocument(entryId);
      const revisionId = await revision(entryId, 'nl', 'schedule');
      const { error } = await editor
        .from('content_documents')
        .update({ scheduled_revision_id: revisionId, scheduled_for: at.toISOString() })
        .eq('entry_id', entryId);
      expect(error).toBeNull();
    }
    const visible = await publishedSlugs();
    expect(visible).toContain(`${due}:nl`);
    expect(visible).not.toContain(`${later}:nl`);
  });
});

describe('everyone else', () => {
  it.each(OUTSIDERS)('%s reads no table and writes nothing', async (name) => {
    const client = outsiders.get(name);
    if (client === undefined) throw new Error(`no client for ${name}`);
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    await revision(entryId);
    await editor.from('content_presence').insert({ entry_id: entryId, user_id: editorId });

    for (const table of [
      'content_entries',
      'content_documents',
      'content_revisions',
      'content_redirects',
      'content_audit',
      'content_presence',
    ] as const) {
      const { data } = await client.from(table).select('*');
      expect(data ?? [], `${name} reads ${table}`).toEqual([]);
    }
    const created = await client.from('content_entries').insert({ collection: 'blog', slug: slug() });
    expect(created.error, `${name} creates an entry`).not.toBeNull();
    await client.from('content_documents').update({ body: 'vandalised' }).eq('entry_id', entryId);
    const stored = await admin.from('content_documents').select('body').eq('entry_id', entryId).single();
    expect(stored.data?.body, `${name} changes a working copy`).toBe('Eerste versie.');
  });
});
