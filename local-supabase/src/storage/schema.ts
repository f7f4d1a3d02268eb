import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

const STORAGE_SQL = new URL('../db/storage.sql', import.meta.url);

/**
 * Brings the `storage` schema to what the Storage API expects (db/storage.sql). Idempotent, so
 * it runs on every start: data folders created before a change get it too, as Storage runs its
 * migrations when it boots.
 */
export async function applyStorageSchema(db: PGlite): Promise<void> {
  const sql = await readFile(STORAGE_SQL, 'utf8');
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
}
