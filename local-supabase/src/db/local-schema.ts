import { readFile } from 'node:fs/promises';

import type { PGlite } from '@electric-sql/pglite';

const LOCAL_SCHEMA_SQL = new URL('./local-schema.sql', import.meta.url);

export const readLocalSchemaSql = (): Promise<string> => readFile(LOCAL_SCHEMA_SQL, 'utf8');

/** Brings the backend's own schema to local-schema.sql (its text, as read), on every start (the file is idempotent). */
export async function applyLocalSchema(db: PGlite, sql: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
}
