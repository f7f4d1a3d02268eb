import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import type { Collection } from '../../src/lib/content/collections';
import { createEntry } from '../../src/lib/content-editor/create';
import { history, restoreRevision } from '../../src/lib/content-editor/history';
import { heartbeat } from '../../src/lib/content-editor/presence';
import { publish, schedule, unpublish } from '../../src/lib/content-editor/publish';
import { getEntry, listEntries } from '../../src/lib/content-editor/read';
import { saveVersion, saveWorkingCopy } from '../../src/lib/content-editor/save';
import { changeSlug } from '../../src/lib/content-editor/slug';
import type { Editor } from '../../src/lib/content-editor/types';
import { SITE_TIME_ZONE } from '../../src/lib/site-time-zone';
import type { Database } from '../../src/lib/supabase/database.types';

// The editor's operations, each with the editor's own session against the real schema and its
// row-level security: what staff with the content role at aal2 can do, the conflicts between two
// of them, and that anyone else gets nothing.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let visitor: Client;
let alice: Editor & { email: string };
let bob: Editor & { email: string };
let changed: Collection[];
const outsiders: [string, Editor][] = [];

const post = {
  title: 'Toegankelijk bouwen',
  description: 'Waarom we bij elk project met toegankelijkheid beginnen, en wat dat oplevert.',
  date: '2026-11-26',
  author: 'Noor Bakker',
  tags: ['toegankelijkheid'],
};

let counter = 0;
const slug = () => `editor-post-${Date.now().toString(36)}-${(counter += 1)}`;

function editorOf(supabase: Client, userId: string): Editor {
  return { supabase, userId, changed: async (collection) => void changed.push(collection) };
}

async function newPost(wanted = slug()): Promise<string> {
  const created = await createEntry(alice, { collection: 'blog', slug: wanted });
  if (!created.ok) throw new Error(`could not create ${wanted}: ${created.reason}`);
  return created.entryId;
}

/** Saves `body` from the version stored now, as an editor who just opened the entry. */
async function write(editor: Editor, entryId: string, locale: 'nl' | 'en', body: string) {
  const opened = await getEntry(editor, { entryId });
  if (!opened.ok) throw new Error(opened.reason);
  const version = opened.entry.documents[locale]?.version ?? 0;
  const saved = await saveWorkingCopy(editor, { entryId, locale, baseVersion: version, frontMatter: post, body });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.version;
}

async function statuses(entryId: string) {
  const listed = await listEntries(alice, { collection: 'blog' });
  if (!listed.ok) throw new Error(listed.reason);
  return listed.entries.find((entry) => entry.id === entryId)?.statuses;
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  const [a, b, recruiting] = await Promise.all([
    staffWithFactor(backend, ['content']),
    staffWithFactor(backend, ['content']),
    staffWithFactor(backend, ['recruiting', 'inbox', 'admin']),
  ]);
  alice = { ...editorOf(a.aal2, a.id), email: a.account.email };
  bob = { ...editorOf(b.aal2, b.id), email: b.account.email };
  visitor = backend.client();
  const demo = await signedIn(backend, DEMO);
  const aal1 = await signedIn(backend, a.account);
  outsiders.push(
    ['an anonymous visitor', editorOf(visitor, a.id)],
    ['a signed-in user', editorOf(demo.client, demo.id)],
    ['staff without the content role', editorOf(recruiting.aal2, recruiting.id)],
    ['content staff at aal1', editorOf(aal1.client, a.id)],
  );
});
beforeEach(() => {
  changed = [];
});
afterAll(async () => {
  await backend?.close();
});

describe('entries', () => {
  it('a new entry has a draft in each language, from the collection’s template', async () => {
    const wanted = slug();
    const entryId = await newPost(wanted);
    const opened = await getEntry(alice, { entryId });
    expect(opened.ok && opened.entry.slug).toBe(wanted);
    expect(opened.ok && opened.entry.documents.en).toMatchObject({ version: 1, status: 'draft', body: '', updatedBy: alice.email });
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'draft' });
    expect(changed).toEqual([]);
  });

  it('a slug is taken once per collection', async () => {
    const wanted = slug();
    await newPost(wanted);
    expect(await createEntry(bob, { collection: 'blog', slug: wanted })).toEqual({ ok: false, reason: 'slugTaken' });
  });

  it('refuses arguments of the wrong shape before asking the database', async () => {
    expect(await createEntry(alice, { collection: 'news', slug: 'x' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await createEntry(alice, { collection: 'blog', slug: 'Not A Slug' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await getEntry(alice, { entryId: 'not-a-uuid' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await saveWorkingCopy(alice, { entryId: crypto.randomUUID(), locale: 'de', baseVersion: 1, frontMatter: {}, body: '' })).toEqual(
      {
        ok: false,
        reason: 'invalid',
      },
    );
  });
});

describe('the working copy', () => {
  it('is saved when its front matter passes the collection’s schema, and each save is a new version', async () => {
    const entryId = await newPost();
    const saved = await saveWorkingCopy(alice, { entryId, locale: 'nl', baseVersion: 1, frontMatter: post, body: 'Eerste alinea.' });
    expect(saved).toMatchObject({ ok: true, version: 2 });
    const refused = await saveWorkingCopy(alice, {
      entryId,
      locale: 'nl',
      baseVersion: 2,
      frontMatter: { ...post, title: 'Kort', description: '' },
      body: 'Niet bewaard.',
    });
    expect(refused).toEqual({
      ok: false,
      reason: 'problems',
      locale: 'nl',
      problems: [
        { field: 'title', code: 'tooShort', limit: 5 },
        { field: 'description', code: 'required' },
      ],
    });
    const opened = await getEntry(alice, { entryId });
    expect(opened.ok && opened.entry.documents.nl).toMatchObject({ version: 2, body: 'Eerste alinea.', frontMatter: post });
  });

  it('a save from an older version is a conflict that names who changed it, when, and what it says now', async () => {
    const entryId = await newPost();
    // Both open version 1; Bob saves first.
    await saveWorkingCopy(bob, { entryId, locale: 'nl', baseVersion: 1, frontMatter: post, body: 'Bob’s tekst.' });
    const late = await saveWorkingCopy(alice, { entryId, locale: 'nl', baseVersion: 1, frontMatter: post, body: 'Alice’s tekst.' });
    expect(late).toEqual({
      ok: false,
      reason: 'conflict',
      conflict: { locale: 'nl', version: 2, updatedAt: expect.any(String), updatedBy: bob.email, frontMatter: post, body: 'Bob’s tekst.' },
    });
    // Nothing was lost: Bob's text stands until Alice chooses.
    const opened = await getEntry(alice, { entryId });
    expect(opened.ok && opened.entry.documents.nl?.body).toBe('Bob’s tekst.');
  });
});

describe('publishing', () => {
  it('publishes the English version only: the list shows English published and Dutch a draft, and visitors see English', async () => {
    const wanted = slug();
    const entryId = await newPost(wanted);
    const version = await write(alice, entryId, 'en', 'In English.');
    expect(await publish(alice, { entryId, documents: [{ locale: 'en', version }] })).toEqual({ ok: true, published: ['en'] });
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'published' });
    expect(changed).toEqual(['blog']);
    const seen = await visitor.rpc('published_content', { wanted_collection: 'blog' });
    expect(seen.data?.filter((row) => row.slug === wanted).map((row) => [row.locale, row.body])).toEqual([['en', 'In English.']]);

    await write(alice, entryId, 'en', 'In English, edited.');
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'changed' });
    const audit = await alice.supabase
      .from('content_audit')
      .select('action, locale, actor_id')
      .eq('entry_id', entryId)
      .eq('action', 'publish');
    expect(audit.data).toEqual([{ action: 'publish', locale: 'en', actor_id: alice.userId }]);
  });

  it('publishes what the editor saw: a newer version is a conflict, and nothing goes live', async () => {
    const entryId = await newPost();
    const seen = await write(alice, entryId, 'nl', 'Wat Alice zag.');
    await write(bob, entryId, 'nl', 'Wat Bob daarna schreef.');
    const refused = await publish(alice, { entryId, documents: [{ locale: 'nl', version: seen }] });
    expect(refused).toMatchObject({ ok: false, reason: 'conflict', conflict: { updatedBy: bob.email, body: 'Wat Bob daarna schreef.' } });
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'draft' });
    expect(changed).toEqual([]);
  });

  it('publishes both languages only when both pass the schema', async () => {
    const entryId = await newPost();
    const nl = await write(alice, entryId, 'nl', 'Nederlands.');
    // The English working copy is still the empty template.
    const refused = await publish(alice, {
      entryId,
      documents: [
        { locale: 'nl', version: nl },
        { locale: 'en', version: 1 },
      ],
    });
    expect(refused).toMatchObject({ ok: false, reason: 'problems', locale: 'en' });
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'draft' });
    const en = await write(alice, entryId, 'en', 'English.');
    expect(
      await publish(alice, {
        entryId,
        documents: [
          { locale: 'nl', version: nl },
          { locale: 'en', version: en },
        ],
      }),
    ).toEqual({
      ok: true,
      published: ['nl', 'en'],
    });
    expect(await statuses(entryId)).toEqual({ nl: 'published', en: 'published' });
  });

  it('publishes both languages in one transaction: when one has changed since, neither goes live', async () => {
    const entryId = await newPost();
    const nl = await write(alice, entryId, 'nl', 'Nederlands.');
    const en = await write(alice, entryId, 'en', 'English.');
    // Bob saves the English text after Alice's checks passed and before her publish is written.
    await write(bob, entryId, 'en', 'English, by Bob.');
    const { error } = await alice.supabase.rpc('content_publish', {
      wanted_entry: entryId,
      wanted_documents: [
        { locale: 'nl', version: nl },
        { locale: 'en', version: en },
      ],
    });
    expect(error).toMatchObject({ code: 'BW409', details: 'en' });
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'draft' });
    const revisions = await alice.supabase.from('content_revisions').select('id').eq('entry_id', entryId).eq('kind', 'publish');
    expect(revisions.data).toEqual([]);
    const audit = await alice.supabase.from('content_audit').select('id').eq('entry_id', entryId).eq('action', 'publish');
    expect(audit.data).toEqual([]);
  });

  it('refuses a publish that names no language, or one twice', async () => {
    const entryId = await newPost();
    const nl = await write(alice, entryId, 'nl', 'Nederlands.');
    for (const wanted_documents of [
      [],
      [
        { locale: 'nl', version: nl },
        { locale: 'nl', version: nl },
      ],
      { locale: 'nl', version: nl },
    ]) {
      const { error } = await alice.supabase.rpc('content_publish', { wanted_entry: entryId, wanted_documents });
      expect(error?.code, JSON.stringify(wanted_documents)).toBe('BW400');
    }
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'draft' });
  });

  it('schedules a version for a time to come, never one that has passed', async () => {
    const entryId = await newPost();
    const version = await write(alice, entryId, 'nl', 'Straks.');
    const amsterdam = (moment: Date) => formatInTimeZone(moment, SITE_TIME_ZONE, "yyyy-MM-dd'T'HH:mm");
    const past = amsterdam(new Date(Date.now() - 120_000));
    expect(await schedule(alice, { entryId, locale: 'nl', version, at: past })).toEqual({ ok: false, reason: 'notFuture' });
    const at = amsterdam(new Date(Date.now() + 3_600_000));
    expect(await schedule(alice, { entryId, locale: 'nl', version, at })).toMatchObject({ ok: true });
    expect(await statuses(entryId)).toEqual({ nl: 'scheduled', en: 'draft' });
    expect(changed).toEqual(['blog']);
  });

  it("reads the time an editor types as Amsterdam's, in winter and in summer, wherever the server runs", async () => {
    const entryId = await newPost();
    const version = await write(alice, entryId, 'nl', 'Op tijd.');
    const now = new Date('2027-01-01T00:00:00Z');
    for (const [at, utc] of [
      ['2027-01-15T10:00', '2027-01-15T09:00:00+00:00'],
      ['2027-07-15T10:00', '2027-07-15T08:00:00+00:00'],
    ] as const) {
      const answer = await schedule(alice, { entryId, locale: 'nl', version, at }, now);
      expect(answer.ok && new Date(answer.scheduledFor).toISOString()).toBe(new Date(utc).toISOString());
    }
    // A time with a zone of its own is not what the form sends: refused rather than read two ways.
    for (const at of ['2027-01-15T10:00Z', '2027-01-15T10:00+01:00', '2027-01-15']) {
      expect(await schedule(alice, { entryId, locale: 'nl', version, at }, now), at).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('unpublishes a language: visitors no longer see it, the working copy stays, and the audit trail says who', async () => {
    const wanted = slug();
    const entryId = await newPost(wanted);
    const version = await write(alice, entryId, 'nl', 'Even online.');
    await publish(alice, { entryId, documents: [{ locale: 'nl', version }] });
    changed = [];
    expect(await unpublish(bob, { entryId, locale: 'nl' })).toEqual({ ok: true });
    expect(await statuses(entryId)).toEqual({ nl: 'draft', en: 'draft' });
    expect(changed).toEqual(['blog']);
    const seen = await visitor.rpc('published_content', { wanted_collection: 'blog' });
    expect(seen.data?.some((row) => row.slug === wanted)).toBe(false);
    const audit = await alice.supabase.from('content_audit').select('actor_id').eq('entry_id', entryId).eq('action', 'unpublish');
    expect(audit.data).toEqual([{ actor_id: bob.userId }]);
  });
});

describe('history', () => {
  it('lists versions and publishes with who made them, and a restore brings a revision back as a new version', async () => {
    const entryId = await newPost();
    const first = await write(alice, entryId, 'nl', 'De eerste tekst.');
    expect(await saveVersion(alice, { entryId, locale: 'nl', version: first })).toMatchObject({ ok: true });
    const second = await write(bob, entryId, 'nl', 'De tweede tekst.');
    await publish(bob, { entryId, documents: [{ locale: 'nl', version: second }] });

    const listed = await history(alice, { entryId, locale: 'nl' });
    if (!listed.ok) throw new Error(listed.reason);
    expect(listed.revisions.map((r) => [r.kind, r.createdBy, r.body, r.live])).toEqual([
      ['publish', bob.email, 'De tweede tekst.', true],
      ['version', alice.email, 'De eerste tekst.', false],
    ]);
    const older = listed.revisions[1]?.id;

    // Restoring from an older version than the one stored is a conflict, like any write.
    expect(await restoreRevision(alice, { entryId, locale: 'nl', revisionId: older, baseVersion: first })).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    const restored = await restoreRevision(alice, { entryId, locale: 'nl', revisionId: older, baseVersion: second });
    expect(restored).toEqual({ ok: true, version: second + 1 });
    const opened = await getEntry(alice, { entryId });
    expect(opened.ok && opened.entry.documents.nl).toMatchObject({ body: 'De eerste tekst.', status: 'changed' });
    const after = await history(alice, { entryId, locale: 'nl' });
    expect(after.ok && after.revisions[0]).toMatchObject({ kind: 'restore', createdBy: alice.email, body: 'De eerste tekst.' });
    // Restoring is no change for visitors: the published text stays until it is published again.
    expect(changed).toEqual(['blog']);
  });
});

describe('slugs', () => {
  it('change freely before the first publish; after it only when confirmed, and the old address leads to the new one', async () => {
    const entryId = await newPost();
    const draftSlug = slug();
    expect(await changeSlug(alice, { entryId, slug: draftSlug })).toEqual({ ok: true, slug: draftSlug });
    expect(changed).toEqual([]);

    const version = await write(alice, entryId, 'nl', 'Gepubliceerd.');
    await publish(alice, { entryId, documents: [{ locale: 'nl', version }] });
    changed = [];
    const next = slug();
    expect(await changeSlug(alice, { entryId, slug: next })).toEqual({ ok: false, reason: 'confirmSlug' });
    expect(await changeSlug(alice, { entryId, slug: next, confirmed: true })).toEqual({ ok: true, slug: next });
    expect(changed).toEqual(['blog']);
    const target = await visitor.rpc('content_redirect_target', { wanted_collection: 'blog', old_slug: draftSlug });
    expect(target.data).toBe(next);
  });
});

describe('presence', () => {
  it('shows who else has the entry open, and not oneself', async () => {
    const entryId = await newPost();
    expect(await heartbeat(alice, { entryId })).toEqual({ ok: true, others: [] });
    expect(await heartbeat(bob, { entryId })).toEqual({ ok: true, others: [{ email: alice.email, seenAt: expect.any(String) }] });
    // A second beat refreshes the row rather than adding one.
    expect(await heartbeat(alice, { entryId })).toEqual({ ok: true, others: [{ email: bob.email, seenAt: expect.any(String) }] });
    // Someone whose last beat is older than the window has left.
    expect(await heartbeat(alice, { entryId }, new Date(Date.now() + 120_000))).toEqual({ ok: true, others: [] });
  });
});

describe('everyone else', () => {
  it('gets nothing: no list, no entry, no write, no publish, no names', async () => {
    const entryId = await newPost();
    const version = await write(alice, entryId, 'nl', 'Alleen voor de redactie.');
    await heartbeat(alice, { entryId });
    for (const [who, outsider] of outsiders) {
      const listed = await listEntries(outsider, { collection: 'blog' });
      expect(listed.ok ? listed.entries : listed.reason, who).toEqual(listed.ok ? [] : 'failed');
      expect(await getEntry(outsider, { entryId }), who).toEqual({ ok: false, reason: 'notFound' });
      expect(await createEntry(outsider, { collection: 'blog', slug: slug() }), who).toMatchObject({ ok: false });
      expect(
        await saveWorkingCopy(outsider, { entryId, locale: 'nl', baseVersion: version, frontMatter: post, body: 'Overschreven.' }),
        who,
      ).toEqual({
        ok: false,
        reason: 'notFound',
      });
      expect(await publish(outsider, { entryId, documents: [{ locale: 'nl', version }] }), who).toEqual({ ok: false, reason: 'notFound' });
      const direct = await outsider.supabase.rpc('content_publish', {
        wanted_entry: entryId,
        wanted_documents: [{ locale: 'nl', version }],
      });
      expect(direct.error?.code, who).toMatch(/^(BW404|42501)$/);
      expect(await heartbeat(outsider, { entryId }), who).toMatchObject({ ok: false });
      const names = await outsider.supabase.rpc('content_people', { wanted: [alice.userId] });
      expect(names.data ?? [], who).toEqual([]);
    }
    const opened = await getEntry(alice, { entryId });
    expect(opened.ok && opened.entry.documents.nl).toMatchObject({ version, body: 'Alleen voor de redactie.', status: 'draft' });
    expect(changed).toEqual([]);
  });
});
