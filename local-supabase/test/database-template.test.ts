import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../src/db/database';
import { buildOnce } from '../src/db/template';

// A fresh data folder starts from a cached cluster that holds the platform schema and every
// migration, but not the seed; these tests give the migrated clusters a cache folder of their own.

let root: string;
let migrationsDir: string;
let seedFile: string;
let projectTemplateDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'local-supabase-template-'));
  migrationsDir = path.join(root, 'migrations');
  seedFile = path.join(root, 'seed.sql');
  projectTemplateDir = path.join(root, 'cache');
  await mkdir(migrationsDir);
  await writeFile(
    path.join(migrationsDir, '20240101000000_events.sql'),
    'create table public.events (id int primary key, at timestamptz);',
  );
  await writeFile(seedFile, 'insert into public.events (id, at) values (1, now());');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Opens a fresh data folder and returns what it logged, its applied migrations and the seeded row's time. */
async function openFresh(name: string) {
  const lines: string[] = [];
  const before = new Date();
  const opened = await openDatabase({
    pgDataDir: path.join(root, name, 'pgdata'),
    migrationsDir,
    seedFile,
    projectTemplateDir,
    log: (line) => lines.push(line),
  });
  try {
    const seeded = await opened.db.query<{ at: Date }>('select at from public.events where id = 1');
    const columns = await opened.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'events' order by ordinal_position`,
    );
    return {
      lines,
      created: opened.created,
      applied: opened.appliedMigrations,
      seededAfterStart: (seeded.rows[0]?.at.getTime() ?? 0) >= before.getTime() - 1000,
      columns: columns.rows.map((row) => row.column_name),
    };
  } finally {
    await opened.db.close();
  }
}

describe('a fresh data folder', () => {
  it('is built by applying the migrations once, and copied from the cache after that, seeded at its own start', async () => {
    const first = await openFresh('first');
    expect(first.lines).toContain('Applied migration 20240101000000_events.sql');
    expect(first).toMatchObject({ created: true, applied: ['20240101000000'], seededAfterStart: true });

    const second = await openFresh('second');
    expect(second.lines).not.toContain('Applied migration 20240101000000_events.sql');
    expect(second.lines).toContain('Created the database from the cached template (1 migration)');
    expect(second).toMatchObject({ created: true, applied: ['20240101000000'], seededAfterStart: true, columns: ['id', 'at'] });
  });

  it('gets a migration the moment it is added, built once when several start side by side', async () => {
    await writeFile(path.join(migrationsDir, '20240102000000_labels.sql'), 'alter table public.events add column label text;');
    const started = await Promise.all(['side-a', 'side-b', 'side-c'].map((name) => openFresh(name)));
    const builds = started.filter((opened) => opened.lines.includes('Applied migration 20240102000000_labels.sql'));
    expect(builds).toHaveLength(1);
    for (const opened of started) expect(opened.columns).toEqual(['id', 'at', 'label']);
  });
});

describe('the template lock', () => {
  /** A cluster folder as buildOnce sees it: done once it holds PG_VERSION. */
  const build = (calls: string[]) => async (building: string) => {
    calls.push(building);
    await mkdir(building);
    await writeFile(path.join(building, 'PG_VERSION'), '17');
  };

  it('is taken over at once when the start that held it was stopped', async () => {
    const dir = path.join(root, 'locks', 'stopped');
    await mkdir(`${dir}.lock`, { recursive: true });
    // The id of a process that has ended.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(path.join(`${dir}.lock`, 'pid'), ended.stdout);
    const calls: string[] = [];
    await buildOnce(dir, build(calls));
    expect(calls).toHaveLength(1);
  });

  it('is waited for while its start runs, and that start’s cluster is used', async () => {
    const dir = path.join(root, 'locks', 'running');
    await mkdir(`${dir}.lock`, { recursive: true });
    await writeFile(path.join(`${dir}.lock`, 'pid'), String(process.pid));
    const calls: string[] = [];
    const waiting = buildOnce(dir, build(calls));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toHaveLength(0);
    // The holder finishes: its cluster appears and it lets go of the lock.
    await build([])(dir);
    await rm(`${dir}.lock`, { recursive: true });
    await waiting;
    expect(calls).toHaveLength(0);
  });
});
