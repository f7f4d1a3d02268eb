import { mkdtemp, rm, writeFile, mkdir, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { startTestBackend, TEST_MIGRATIONS } from './helpers';

let dataDir: string;
let migrationsDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-supabase-migrations-'));
  migrationsDir = path.join(dataDir, 'migrations');
  await mkdir(migrationsDir);
  await copyFile(path.join(TEST_MIGRATIONS, '20240101000000_notes.sql'), path.join(migrationsDir, '20240101000000_notes.sql'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('applies each migration once, in order, records it, keeps data and seeds only a fresh database', async () => {
  const db = path.join(dataDir, 'data');
  const first = await startTestBackend({ dataDir: db, migrationsDir });
  const admin = first.admin();
  expect((await admin.from('notes').insert({ owner_id: '3c5f0c0e-8a43-4a7e-9b7d-2d6a1f0d0001', title: 'kept' })).error).toBeNull();
  // The staff account comes from supabase/seed.sql.
  expect((await admin.auth.admin.listUsers()).data.users.map((user) => user.email).sort()).toEqual(['demo@bitwerf.nl', 'staff@bitwerf.nl']);
  await admin.auth.admin.deleteUser('3c5f0c0e-8a43-4a7e-9b7d-2d6a1f0d0002');
  await first.close();

  await writeFile(path.join(migrationsDir, '20240103000000_add_tags.sql'), 'alter table public.notes add column tags text[];');
  await writeFile(path.join(migrationsDir, 'scratch.sql'), 'this is not sql and must be skipped');
  const second = await startTestBackend({ dataDir: db, migrationsDir });
  const rows = await second.admin().from('notes').select('title, tags');
  expect(rows.data).toEqual([{ title: 'kept', tags: null }]);
  // Not re-seeded: the deleted staff account stays deleted.
  expect((await second.admin().auth.admin.listUsers()).data.users.map((user) => user.email)).toEqual(['demo@bitwerf.nl']);
  await second.close();
});

it('refuses to start on a failing migration and leaves no half of it behind', async () => {
  const db = path.join(dataDir, 'failing');
  const dir = path.join(dataDir, 'failing-migrations');
  await mkdir(dir);
  await writeFile(path.join(dir, '20240101000000_ok.sql'), 'create table public.ok (id int);');
  await writeFile(path.join(dir, '20240102000000_broken.sql'), 'create table public.half (id int); select * from missing_table;');
  await expect(startTestBackend({ dataDir: db, migrationsDir: dir })).rejects.toThrow(/20240102000000_broken\.sql failed/);
  await writeFile(path.join(dir, '20240102000000_broken.sql'), 'create table public.half (id int);');
  const backend = await startTestBackend({ dataDir: db, migrationsDir: dir });
  expect((await backend.admin().from('half').select()).error).toBeNull();
  await backend.close();
});

it('starts with an empty or missing migrations folder', async () => {
  const backend = await startTestBackend({ migrationsDir: path.join(dataDir, 'does-not-exist') });
  expect((await backend.fetch('/auth/v1/settings', { headers: { apikey: backend.anonKey } })).status).toBe(200);
  await backend.close();
});

it('provides pgcrypto and uuid-ossp in the extensions schema when migrations use them', async () => {
  const dir = path.join(dataDir, 'extension-migrations');
  await mkdir(dir);
  await writeFile(
    path.join(dir, '20240101000000_ext.sql'),
    `create table public.tokens (id uuid primary key default extensions.uuid_generate_v4(), hash text);
     insert into public.tokens (hash) values (extensions.crypt('secret', extensions.gen_salt('bf')));`,
  );
  const backend = await startTestBackend({ migrationsDir: dir });
  const { data } = await backend.admin().from('tokens').select('id, hash');
  expect(data?.[0]?.hash).toMatch(/^\$2a\$06\$/);
  await backend.close();
});

it('runs migrations with extensions on the search_path, as the hosted postgres role has it', async () => {
  const dir = path.join(dataDir, 'search-path-migrations');
  await mkdir(dir);
  await writeFile(
    path.join(dir, '20240101000000_unqualified.sql'),
    `create table public.ids (id uuid primary key default uuid_generate_v4(), label text);
     create function public.sha256_hex(input text) returns text language sql immutable as $$ select encode(digest(input, 'sha256'), 'hex') $$;
     insert into public.ids (label) values ('first');`,
  );
  const backend = await startTestBackend({ migrationsDir: dir });
  expect((await backend.admin().from('ids').select('label')).data).toEqual([{ label: 'first' }]);
  expect((await backend.admin().rpc('sha256_hex', { input: 'a' })).data).toBe(
    'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb',
  );
  await backend.close();
});

it('reports a taken port clearly', async () => {
  const first = await startTestBackend();
  const port = Number(new URL(first.url).port);
  // A free mail port: with an HTTP port given, the catcher would otherwise take its default,
  // 54325, which a running site's backend (the end-to-end tests) may hold.
  await expect(startTestBackend({ port, smtpPort: 0 })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
  await first.close();
});
