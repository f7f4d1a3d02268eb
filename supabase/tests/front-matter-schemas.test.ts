import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { frontMatterJsonSchema, frontMatterSchemasSql } from './support/front-matter-json-schema';
import { startTestBackend } from '../../local-supabase/test/helpers';
import { readContentDocuments } from '../../scripts/lib/content-import';
import { DOCUMENT_KINDS, documentKind, type DocumentKind } from '../../src/lib/content/collections';
import { schemaOf } from '../../src/lib/content-editor/front-matter';
import type { Json } from '../../src/lib/supabase/database.types';

// The database checks published front matter against JSON Schemas generated from the site's zod
// schemas (20261202130000_content_front_matter_checked.sql). This holds the database's validator
// to zod's verdicts on every file in content/ and on each of them broken in every way a field can
// be, in a Postgres of its own with nothing but the validator.
const MIGRATION = path.join(import.meta.dirname, '..', 'migrations', '20261202130000_content_front_matter_checked.sql');
const ROOT = path.join(import.meta.dirname, '..', '..');

let db: PGlite;

beforeAll(async () => {
  const sql = await readFile(MIGRATION, 'utf8');
  const validator = /create function private\.json_schema_problem[\s\S]*?\n\$\$;/u.exec(sql);
  if (validator === null) throw new Error('the migration defines no private.json_schema_problem');
  db = new PGlite();
  await db.exec(`create schema private; ${validator[0]}`);
});
afterAll(async () => {
  await db?.close();
});

async function problem(kind: DocumentKind, frontMatter: Json): Promise<string | null> {
  const { rows } = await db.query<{ problem: string | null }>('select private.json_schema_problem($1::jsonb, $2::jsonb) as problem', [
    JSON.stringify(frontMatterJsonSchema(kind)),
    JSON.stringify(frontMatter),
  ]);
  return rows[0]?.problem ?? null;
}

const isObject = (value: Json | undefined): value is { [key: string]: Json | undefined } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value with the one at `at` replaced (or, for `undefined`, removed). */
function withValue(value: Json, at: (string | number)[], replacement: Json | undefined): Json {
  if (at.length === 0) return replacement ?? null;
  const [head, ...rest] = at;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    if (rest.length === 0 && replacement === undefined) copy.splice(head, 1);
    else copy[head] = withValue(copy[head] ?? null, rest, replacement);
    return copy;
  }
  if (isObject(value) && typeof head === 'string') {
    const { [head]: current, ...others } = value;
    if (rest.length === 0 && replacement === undefined) return others;
    return { ...others, [head]: withValue(current ?? null, rest, replacement) };
  }
  return value;
}

function* paths(value: Json, at: (string | number)[] = []): Generator<(string | number)[]> {
  if (at.length > 0) yield at;
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* paths(item, [...at, index]);
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) yield* paths(item ?? null, [...at, key]);
}

/** The front matter broken at every field: each value replaced by one of each JSON type and length, each field removed, a field added to each object. */
function* brokenVersions(frontMatter: Json): Generator<{ change: string; value: Json }> {
  const replacements: Json[] = ['', 'x', 'x'.repeat(500), 0, -1, 1.5, 41, true, null, [], {}, ['x'], { unexpected: 'x' }];
  yield { change: 'an extra field', value: withValue(frontMatter, ['internalNote'], 'not for visitors') };
  for (const at of paths(frontMatter)) {
    yield { change: `${at.join('.')} removed`, value: withValue(frontMatter, at, undefined) };
    for (const replacement of replacements)
      yield { change: `${at.join('.')} = ${JSON.stringify(replacement)}`, value: withValue(frontMatter, at, replacement) };
  }
  for (const at of [[], ...paths(frontMatter)]) {
    const inner = at.reduce<Json>(
      (current, key) => (Array.isArray(current) ? (current[Number(key)] ?? null) : isObject(current) ? (current[key] ?? null) : null),
      frontMatter,
    );
    if (isObject(inner) && at.length > 0)
      yield { change: `${at.join('.')} with an extra field`, value: withValue(frontMatter, [...at, 'unexpected'], 'x') };
  }
}

/** Zod's verdict, apart from its rules across fields, which stay the site's (the migration says why). */
function zodVerdict(kind: DocumentKind, frontMatter: Json): 'passes' | 'fails' | 'fails a rule across fields' {
  const parsed = schemaOf(kind).safeParse(frontMatter);
  if (parsed.success) return 'passes';
  return parsed.error.issues.every((issue) => issue.code === 'custom') ? 'fails a rule across fields' : 'fails';
}

function kindOf(document: { collection: Parameters<typeof documentKind>[0]; slug: string }): DocumentKind {
  const kind = documentKind(document.collection, document.slug);
  if (kind === undefined) throw new Error(`${document.collection}/${document.slug} is no document the site knows`);
  return kind;
}

describe('the front-matter schemas the database checks', () => {
  it('are the site’s zod schemas: a migration brings them in line when those change', async () => {
    const backend = await startTestBackend({ migrationsDir: path.join(import.meta.dirname, '..', 'migrations') });
    try {
      for (const kind of DOCUMENT_KINDS) {
        const { data, error } = await backend.admin().rpc('content_front_matter_schema', { wanted_collection: kind });
        expect(error).toBeNull();
        expect(data, `${kind}; a new migration with this brings them in line:\n${frontMatterSchemasSql()}`).toEqual(
          frontMatterJsonSchema(kind),
        );
      }
    } finally {
      await backend.close();
    }
  });

  it('pass every file in content/ and the site’s pages', async () => {
    const documents = await readContentDocuments(path.join(ROOT, 'content'));
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      expect(
        await problem(kindOf(document), document.frontMatter),
        `${document.collection}/${document.slug}.${document.locale}`,
      ).toBeNull();
    }
  });

  it('refuse what zod refuses, field by field, and nothing zod accepts', async () => {
    const documents = await readContentDocuments(path.join(ROOT, 'content'));
    const firstOf = new Map(documents.map((document) => [kindOf(document), document]));
    expect([...firstOf.keys()].sort()).toEqual([...DOCUMENT_KINDS].sort());
    for (const [kind, document] of firstOf) {
      for (const { change, value } of brokenVersions(document.frontMatter)) {
        const zod = zodVerdict(kind, value);
        const database = await problem(kind, value);
        const where = `${document.collection}/${document.slug}: ${change} (database: ${database})`;
        if (zod === 'passes') expect(database, where).toBeNull();
        if (zod === 'fails') expect(database, where).not.toBeNull();
      }
    }
    // One database check per broken variant of every field of every schema (five kinds of
    // document), one after another on PGlite's single connection: more than the default allows
    // when the machine is shared with the rest of the suite.
  }, 120_000);
});
