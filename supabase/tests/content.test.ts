import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { validFrontMatter } from './support/front-matter';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import type { Database } from '../../src/lib/supabase/database.types';

// Vacancies and posts in Postgres: only staff with the content role at aal2 read or write the
// tables; what they write is what they type (a slug, the fields and the text), while revisions, what
// goes live and the audit trail are written by the database in their name; revisions and the audit
// trail are append-only; visitors read what is published and due through functions, never the tables.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let admin: Client;
let editor: Client;
let editorId: string;
let visitor: Client;
const OUTSIDERS = ['an anonymous visitor', 'a signed-in user', 'staff without the content role at aal2', 'content staff at aal1'] as const;
const outsiders = new Map<(typeof OUTSIDERS)[number], Client>();

const frontMatter = validFrontMatter('blog', { title: 'Een nieuwe post' });

function slug(): string {
  return `post-${randomUUID().slice(0, 8)}`;
}

async function createEntry(as: Client, wanted = slug()): Promise<string> {
  const { data, error } = await as.from('content_entries').insert({ collection: 'blog', slug: wanted }).select('id').single();
  if (error !== null) throw error;
  return data.id;
}

async function startDocument(entryId: string, locale: 'nl' | 'en' = 'nl', body = 'Eerste versie.'): Promise<void> {
  const { error } = await editor.from('content_documents').insert({ entry_id: entryId, locale, front_matter: frontMatter, body });
  if (error !== null) throw error;
}

async function versionOf(entryId: string, locale: 'nl' | 'en' = 'nl'): Promise<number> {
  const { data, error } = await editor.from('content_documents').select('version').eq('entry_id', entryId).eq('locale', locale).single();
  if (error !== null) throw error;
  return data.version;
}

/** The working copy kept as a version (not published), through the function editors use. */
async function revision(entryId: string, locale: 'nl' | 'en' = 'nl', as: Client = editor): Promise<string> {
  const version = await versionOf(entryId, locale);
  const { data, error } = await as.rpc('content_keep_version', { wanted_entry: entryId, wanted_locale: locale, wanted_version: version });
  if (error !== null) throw error;
  return data;
}

async function publish(entryId: string, locale: 'nl' | 'en' = 'nl'): Promise<void> {
  const version = await versionOf(entryId, locale);
  const { error } = await editor.rpc('content_publish', { wanted_entry: entryId, wanted_documents: [{ locale, version }] });
  if (error !== null) throw error;
}

async function auditOf(entryId: string): Promise<{ action: string; actor_id: string | null; locale: string | null }[]> {
  const { data, error } = await admin.from('content_audit').select('action, actor_id, locale').eq('entry_id', entryId).order('id');
  if (error !== null) throw error;
  return data;
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
  it('write an entry and its working copy, and publish it for visitors, with the trail in their name written by the database', async () => {
    const wanted = slug();
    const entryId = await createEntry(editor, wanted);
    await startDocument(entryId);
    expect(await publishedSlugs()).not.toContain(`${wanted}:nl`);

    await publish(entryId);

    expect(await publishedSlugs()).toContain(`${wanted}:nl`);
    const entry = await admin.from('content_entries').select('created_by').eq('id', entryId).single();
    expect(entry.data).toEqual({ created_by: editorId });
    const document = await editor.from('content_documents').select('updated_by, version, live_version').eq('entry_id', entryId).single();
    expect(document.data).toEqual({ updated_by: editorId, version: 1, live_version: 1 });
    const live = await admin.from('content_revisions').select('kind, created_by, document_version').eq('entry_id', entryId);
    expect(live.data).toEqual([{ kind: 'publish', created_by: editorId, document_version: 1 }]);
    expect(await auditOf(entryId)).toEqual([
      { action: 'create', actor_id: editorId, locale: null },
      { action: 'publish', actor_id: editorId, locale: 'nl' },
    ]);
  });

  it('cannot write a revision or an audit entry themselves, in anyone’s name or at any date', async () => {
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    const forgedRevision = await editor.from('content_revisions').insert({
      entry_id: entryId,
      locale: 'nl',
      slug: 'x',
      front_matter: {},
      body: '',
      document_version: 1,
      kind: 'import',
      created_by: editorId,
      created_at: '2019-05-05T10:00:00Z',
    });
    expect(forgedRevision.error?.code).toBe('42501');
    const forgedAudit = await editor
      .from('content_audit')
      .insert({ entry_id: entryId, action: 'delete', detail: { note: 'forged' }, actor_id: editorId, at: '2020-01-01T00:00:00Z' });
    expect(forgedAudit.error?.code).toBe('42501');
    expect(await auditOf(entryId)).toEqual([{ action: 'create', actor_id: editorId, locale: null }]);
  });

  it('cannot put a revision live, or take one off, except through the publishing functions', async () => {
    const colleague = await staffWithFactor(backend, ['content']);
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    const notForPublication = await revision(entryId, 'nl', colleague.aal2);
    const pointed = await editor
      .from('content_documents')
      .update({ live_revision_id: notForPublication, live_version: 1 })
      .eq('entry_id', entryId)
      .eq('locale', 'nl');
    expect(pointed.error?.code).toBe('42501');
    const scheduled = await editor
      .from('content_documents')
      .update({ scheduled_revision_id: notForPublication, scheduled_for: new Date(Date.now() - 1_000).toISOString() })
      .eq('entry_id', entryId);
    expect(scheduled.error?.code).toBe('42501');
    const started = await editor.from('content_documents').insert({
      entry_id: entryId,
      locale: 'en',
      front_matter: frontMatter,
      body: '',
      live_revision_id: notForPublication,
      live_version: 1,
    });
    expect(started.error?.code).toBe('42501');
    const stored = await admin.from('content_documents').select('live_revision_id, scheduled_revision_id').eq('entry_id', entryId);
    expect(stored.data).toEqual([{ live_revision_id: null, scheduled_revision_id: null }]);

    await publish(entryId);
    const offline = await editor.from('content_documents').update({ live_revision_id: null, live_version: null }).eq('entry_id', entryId);
    expect(offline.error?.code).toBe('42501');
    const unpublished = await editor.rpc('content_unpublish', { wanted_entry: entryId, wanted_locale: 'nl' });
    expect(unpublished.error).toBeNull();
    expect((await auditOf(entryId)).map((row) => [row.action, row.actor_id])).toEqual([
      ['create', editorId],
      ['version', colleague.id],
      ['publish', editorId],
      ['unpublish', editorId],
    ]);
  });

  it('cannot change who made an entry, or move it to another collection', async () => {
    const entryId = await createEntry(editor);
    const author = await editor.from('content_entries').update({ created_by: randomUUID() }).eq('id', entryId);
    const moved = await editor.from('content_entries').update({ collection: 'vacancies' }).eq('id', entryId);
    const named = await editor.from('content_entries').insert({ collection: 'blog', slug: slug(), created_by: randomUUID() });
    for (const result of [author, moved, named]) expect(result.error?.code).toBe('42501');
    const stored = await admin.from('content_entries').select('collection, created_by').eq('id', entryId).single();
    expect(stored.data).toEqual({ collection: 'blog', created_by: editorId });
  });

  it('schedule only a time to come, and from the version they saw', async () => {
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    const past = await editor.rpc('content_schedule', {
      wanted_entry: entryId,
      wanted_locale: 'nl',
      wanted_version: 1,
      wanted_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.error?.code).toBe('BW400');
    const stale = await editor.rpc('content_schedule', {
      wanted_entry: entryId,
      wanted_locale: 'nl',
      wanted_version: 2,
      wanted_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(stale.error).toMatchObject({ code: 'BW409', details: 'nl' });
    expect(await auditOf(entryId)).toEqual([{ action: 'create', actor_id: editorId, locale: null }]);
  });

  it('restore only a revision of the same entry and language', async () => {
    const mine = await createEntry(editor);
    const other = await createEntry(editor);
    await startDocument(mine);
    await startDocument(other, 'nl', 'Andermans tekst.');
    const foreign = await revision(other);
    const restored = await editor.rpc('content_restore', {
      wanted_entry: mine,
      wanted_locale: 'nl',
      wanted_revision: foreign,
      wanted_version: 1,
    });
    expect(restored.error?.code).toBe('BW404');
    const stored = await admin.from('content_documents').select('body, version').eq('entry_id', mine).single();
    expect(stored.data).toEqual({ body: 'Eerste versie.', version: 1 });
  });

  it('can neither change nor delete a revision or an audit entry', async () => {
    const entryId = await createEntry(editor);
    await startDocument(entryId);
    const revisionId = await revision(entryId);

    const changed = await editor.from('content_revisions').update({ body: 'rewritten history' }).eq('id', revisionId);
    const deleted = await editor.from('content_revisions').delete().eq('id', revisionId);
    const auditChanged = await editor.from('content_audit').update({ action: 'delete' }).eq('entry_id', entryId);
    const auditDeleted = await editor.from('content_audit').delete().eq('entry_id', entryId);
    for (const result of [changed, deleted, auditChanged, auditDeleted]) expect(result.error?.code).toBe('42501');

    const kept = await admin.from('content_revisions').select('body').eq('id', revisionId).single();
    expect(kept.data?.body).toBe('Eerste versie.');
    expect((await auditOf(entryId)).map((row) => row.action)).toEqual(['create', 'version']);
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
    expect(forged.error?.code).toBe('42501');
    const stored = await admin.from('content_documents').select('body').eq('entry_id', entryId).single();
    expect(stored.data?.body).toBe('Tweede versie.');
  });

  it('the database never shows another entry’s revision on a document, whoever writes it', async () => {
    const mine = await createEntry(editor);
    const other = await createEntry(editor);
    await startDocument(mine);
    await startDocument(other);
    const foreign = await revision(other);
    const { error } = await admin.from('content_documents').update({ live_revision_id: foreign, live_version: 1 }).eq('entry_id', mine);
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
    const deletions = await admin.from('content_audit').select('actor_id, detail').eq('action', 'delete').is('entry_id', null);
    const ofDraft = (deletions.data ?? []).filter(
      (row) => typeof row.detail === 'object' && row.detail !== null && 'entryId' in row.detail && row.detail.entryId === draft,
    );
    expect(ofDraft).toEqual([{ actor_id: editorId, detail: expect.objectContaining({ entryId: draft, collection: 'blog' }) }]);
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
    const trail = await admin.from('content_audit').select('actor_id, detail').eq('entry_id', entryId).eq('action', 'slug');
    expect(trail.data).toEqual([{ actor_id: editorId, detail: { from: before, to: after } }]);

    const target = await visitor.rpc('content_redirect_target', { wanted_collection: 'blog', old_slug: before });
    expect(target.data).toBe(after);

    const taken = await editor.from('content_entries').insert({ collection: 'blog', slug: before });
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

  it('the known slugs are the published ones and the old slugs that lead to one, the same for every role', async () => {
    const drafted = slug();
    await startDocument(await createEntry(editor, drafted));
    const before = slug();
    const after = slug();
    const moved = await createEntry(editor, before);
    await startDocument(moved);
    await publish(moved);
    await editor.from('content_entries').update({ slug: after }).eq('id', moved);
    const offline = slug();
    const takenOffline = await createEntry(editor, offline);
    await startDocument(takenOffline);
    await publish(takenOffline);
    expect((await editor.rpc('content_unpublish', { wanted_entry: takenOffline, wanted_locale: 'nl' })).error).toBeNull();

    for (const [who, client] of [['content staff at aal2', editor] as const, ...outsiders]) {
      const { data, error } = await client.rpc('content_known_slugs', { wanted_collection: 'blog' });
      expect(error, who).toBeNull();
      const rows = (data ?? []).filter((row) => [drafted, before, after, offline].includes(row.slug));
      // The old slug has no language; the entry counts once for the language it is published in.
      expect(rows, who).toEqual(
        expect.arrayContaining([
          { slug: after, locale: 'nl' },
          { slug: before, locale: null },
        ]),
      );
      expect(rows, who).toHaveLength(2);
    }
    const elsewhere = await visitor.rpc('content_known_slugs', { wanted_collection: 'cases' });
    expect((elsewhere.data ?? []).map((row) => row.slug)).not.toContain(after);
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
      const { error } = await editor.rpc('content_schedule', {
        wanted_entry: entryId,
        wanted_locale: 'nl',
        wanted_version: 1,
        wanted_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(error).toBeNull();
      // Time passes: the service role moves the one that is due into the past.
      await admin.from('content_documents').update({ scheduled_for: at.toISOString() }).eq('entry_id', entryId);
    }
    const visible = await publishedSlugs();
    expect(visible).toContain(`${due}:nl`);
    expect(visible).not.toContain(`${later}:nl`);
  });
});

describe('front matter that fails its schema', () => {
  it('cannot go live: an extra field or a missing one written over REST is refused at publish and schedule', async () => {
    for (const broken of [
      { ...frontMatter, internalNote: 'HIDDENROW internal note' },
      { title: 'Zonder auteur en datum', description: 'Een beschrijving die lang genoeg is voor de kaart en het zoekresultaat.' },
    ]) {
      const wanted = slug();
      const entryId = await createEntry(editor, wanted);
      const { error } = await editor.from('content_documents').insert({ entry_id: entryId, locale: 'nl', front_matter: broken, body: 'x' });
      expect(error).toBeNull();
      const published = await editor.rpc('content_publish', { wanted_entry: entryId, wanted_documents: [{ locale: 'nl', version: 1 }] });
      expect(published.error?.code).toBe('BW422');
      const scheduled = await editor.rpc('content_schedule', {
        wanted_entry: entryId,
        wanted_locale: 'nl',
        wanted_version: 1,
        wanted_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(scheduled.error?.code).toBe('BW422');
      expect(await publishedSlugs()).not.toContain(`${wanted}:nl`);
      expect((await auditOf(entryId)).map((row) => row.action)).toEqual(['create']);
    }
  });

  it('is not shown to visitors, nor found by search, when it is live already', async () => {
    const wanted = slug();
    const entryId = await createEntry(editor, wanted);
    await startDocument(entryId, 'nl', 'Over quokka’s en hun eilanden.');
    await publish(entryId);
    expect(await publishedSlugs()).toContain(`${wanted}:nl`);
    const before = await visitor.rpc('search_content', { search_query: 'quokka', wanted_locale: 'nl' });
    expect((before.data ?? []).map((row) => row.slug)).toContain(wanted);
    // A row from before the check: the service role writes what no function would.
    const live = await admin.from('content_documents').select('live_revision_id').eq('entry_id', entryId).single();
    const legacy = { ...frontMatter, internalNote: 'HIDDENROW internal note' };
    const changed = await admin
      .from('content_revisions')
      .update({ front_matter: legacy })
      .eq('id', live.data?.live_revision_id ?? '');
    expect(changed.error).toBeNull();

    expect(await publishedSlugs()).not.toContain(`${wanted}:nl`);
    const found = await visitor.rpc('search_content', { search_query: 'quokka', wanted_locale: 'nl' });
    expect(found.error).toBeNull();
    expect((found.data ?? []).map((row) => row.slug)).not.toContain(wanted);
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
    const version = await versionOf(entryId);
    const refusals = await Promise.all([
      client.rpc('content_publish', { wanted_entry: entryId, wanted_documents: [{ locale: 'nl', version }] }),
      client.rpc('content_keep_version', { wanted_entry: entryId, wanted_locale: 'nl', wanted_version: version }),
      client.rpc('content_schedule', {
        wanted_entry: entryId,
        wanted_locale: 'nl',
        wanted_version: version,
        wanted_at: '2099-01-01T00:00:00Z',
      }),
      client.rpc('content_unpublish', { wanted_entry: entryId, wanted_locale: 'nl' }),
    ]);
    for (const refused of refusals) expect(refused.error, `${name} calls a publishing function`).not.toBeNull();
    const document = await admin.from('content_documents').select('live_revision_id, scheduled_revision_id').eq('entry_id', entryId);
    expect(document.data, `${name} changes what is live`).toEqual([{ live_revision_id: null, scheduled_revision_id: null }]);
    await client.from('content_documents').update({ body: 'vandalised' }).eq('entry_id', entryId);
    const stored = await admin.from('content_documents').select('body').eq('entry_id', entryId).single();
    expect(stored.data?.body, `${name} changes a working copy`).toBe('Eerste versie.');
  });
});
