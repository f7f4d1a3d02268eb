import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { importContent, readContentDocuments } from './content-import';
import { startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import type { Database } from '../../src/lib/supabase/database.types';

const CONTENT = path.join(import.meta.dirname, '../../content');

let backend: TestBackend;
let admin: SupabaseClient<Database>;
let contentRoot: string;
const copies: string[] = [];

/** Every row the import writes, so a second run can be compared with the first. */
async function snapshot() {
  const [entries, documents, revisions, audit] = await Promise.all([
    admin.from('content_entries').select('*').order('id'),
    admin.from('content_documents').select('*').order('entry_id').order('locale'),
    admin.from('content_revisions').select('*').order('id'),
    admin.from('content_audit').select('*').order('id'),
  ]);
  return { entries: entries.data, documents: documents.data, revisions: revisions.data, audit: audit.data };
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = backend.admin();
});

// Each test starts from no content in the database and a fresh copy of content/.
beforeEach(async () => {
  // Entries take their documents and revisions with them; the audit trail keeps its rows otherwise.
  const audit = await admin.from('content_audit').delete().not('id', 'is', null);
  const entries = await admin.from('content_entries').delete().not('id', 'is', null);
  for (const { error } of [audit, entries]) if (error !== null) throw new Error(`could not clear the content: ${error.message}`);
  contentRoot = await mkdtemp(path.join(os.tmpdir(), 'content-import-'));
  copies.push(contentRoot);
  await cp(CONTENT, contentRoot, { recursive: true });
});

afterAll(async () => {
  await backend?.close();
  await Promise.all(copies.map((copy) => rm(copy, { recursive: true, force: true })));
});

describe('npm run content:import', () => {
  it('makes every file a live document with an import revision, keeping its dates', async () => {
    const files = await readContentDocuments(contentRoot);
    const report = await importContent(admin, contentRoot);
    expect(report.imported).toHaveLength(files.length);
    expect(report.unchanged).toEqual([]);

    const { data: blog } = await admin.rpc('published_content', { wanted_collection: 'blog' });
    const { data: vacancies } = await admin.rpc('published_content', { wanted_collection: 'vacancies' });
    const { data: cases } = await admin.rpc('published_content', { wanted_collection: 'cases' });
    const { data: pages } = await admin.rpc('published_content', { wanted_collection: 'pages' });
    expect((blog ?? []).length + (vacancies ?? []).length + (cases ?? []).length + (pages ?? []).length).toBe(files.length);
    // The home and about pages, in both languages, with the texts the site shipped in its messages.
    expect(pages?.map((r) => `${r.slug}.${r.locale}`).sort()).toEqual(['about.en', 'about.nl', 'home.en', 'home.nl']);
    expect(pages?.find((r) => r.slug === 'home' && r.locale === 'nl')?.front_matter).toMatchObject({
      hero: { title: 'Software op maat die gewoon werkt' },
    });
    // The home page's three cases are entries now, in both languages, dated by when their work ended.
    expect(cases?.filter((r) => r.locale === 'nl').map((r) => r.front_matter)).toContainEqual(
      expect.objectContaining({
        title: 'Eén planbord voor 140 vrachtwagens',
        figures: expect.arrayContaining([{ value: '23%', label: 'minder lege kilometers' }]),
      }),
    );
    expect(cases).toHaveLength(6);
    const planbord = files.find((f) => f.collection === 'cases' && f.slug === 'een-planbord-voor-140-vrachtwagens' && f.locale === 'en');
    expect(planbord?.publishedAt).toBe('2025-09-01T12:00:00.000Z');

    const zod = files.find((f) => f.slug === 'een-zod-schema-voor-client-en-server' && f.locale === 'nl');
    const row = blog?.find((r) => r.slug === zod?.slug && r.locale === 'nl');
    expect(row?.body).toBe(zod?.body);
    expect(row?.front_matter).toEqual(zod?.frontMatter);
    expect(row?.first_published_at && new Date(row.first_published_at).toISOString()).toBe(zod?.publishedAt);

    const { data: revisions } = await admin.from('content_revisions').select('kind');
    expect(new Set(revisions?.map((r) => r.kind))).toEqual(new Set(['import']));
    const { count } = await admin.from('content_audit').select('*', { count: 'exact', head: true }).eq('action', 'import');
    expect(count).toBe(files.length);
  });

  it('changes nothing when run again', async () => {
    await importContent(admin, contentRoot);
    const before = await snapshot();
    const report = await importContent(admin, contentRoot);
    expect(report.imported).toEqual([]);
    expect(report.kept).toEqual([]);
    expect(report.unchanged).toHaveLength(before.documents?.length ?? -1);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves a document that exists as it is, even when its file has changed since', async () => {
    await importContent(admin, contentRoot);
    const file = path.join(contentRoot, 'blog/wanneer-kies-je-voor-maatwerk.nl.mdx');
    await writeFile(file, `${await readFile(file, 'utf8')}\nA line added to the file.\n`);
    const before = await snapshot();
    const report = await importContent(admin, contentRoot);
    expect(report.kept).toEqual(['blog/wanneer-kies-je-voor-maatwerk.nl']);
    expect(await snapshot()).toEqual(before);
  });
});
