import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import type { PGlite } from '@electric-sql/pglite';

const STORAGE_SQL = new URL('../db/storage.sql', import.meta.url);

export const readStorageSql = (): Promise<string> => readFile(STORAGE_SQL, 'utf8');

/**
 * Brings the `storage` schema to what the Storage API expects (db/storage.sql), as Storage runs
 * its migrations when it boots: data folders created before a change get it too. The file is
 * idempotent; its hash, kept in the backend's own schema, skips it when nothing changed (as in
 * a data folder copied from the cached template, which already has it).
 */
export async function applyStorageSchema(db: PGlite): Promise<void> {
  const sql = await readStorageSql();
  const hash = createHash('sha256').update(sql).digest('hex');
  await db.transaction(async (tx) => {
    await tx.exec('create table if not exists local_supabase.applied_schemas (name text primary key, hash text not null)');
    const applied = await tx.query<{ hash: string }>(`select hash from local_supabase.applied_schemas where name = 'storage'`);
    if (applied.rows[0]?.hash === hash) return;
    await tx.exec(sql);
    await tx.query(
      `insert into local_supabase.applied_schemas (name, hash) values ('storage', $1) on conflict (name) do update set hash = excluded.hash`,
      [hash],
    );
  });
}
