import { PGlite, type Extension } from '@electric-sql/pglite';

/** Opens PGlite the one way the backend runs it, for the served database and for the cached templates alike. */
export function startPglite(dataDir: string | undefined, extensions: Record<string, Extension> = {}): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    extensions,
    // Postgres' default 128 MB buffer cache is sized for servers; a development database of a
    // few megabytes runs the same with 16 MB, and the process stays well under 300 MB RSS.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
}
