import { readFile } from 'node:fs/promises';

import type { PGlite } from '@electric-sql/pglite';

const LOCAL_SCHEMA_SQL = new URL('./local-schema.sql', import.meta.url);

export const readLocalSchemaSql = (): Promise<string> => readFile(LOCAL_SCHEMA_SQL, 'utf8');

/** Brings the backend's own schema to local-schema.sql, on every start (the file is idempotent). */
export async function applyLocalSchema(db: PGlite): Promise<void> {
  const sql = await readLocalSchemaSql();
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
}
