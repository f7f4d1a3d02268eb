import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';

import { bucketRoutes } from './buckets';
import type { StorageContext } from './context';
import { ERRORS, StorageError, storageErrorResponse } from './errors';
import { FileStore } from './files';
import { isValidContentType } from './limits';
import { objectRoutes } from './objects/routes';
import { routeNotFound } from './objects/shared';

export interface StorageFilesOptions {
  db: PGlite;
  /** The backend's data folder; object bytes go to `<dataDir>/storage`. Undefined: a temporary folder. */
  dataDir: string | undefined;
  log: (line: string) => void;
}

/**
 * Opens the folder that holds the object bytes and removes files no `storage.objects` row
 * refers to (left by a crash between writing the bytes and the row). `close()` removes the
 * temporary folder of an in-memory backend; on-disk bytes stay.
 */
export async function openStorageFiles(options: StorageFilesOptions): Promise<FileStore> {
  const files = await FileStore.open(options.dataDir);
  const live = await options.db.query<{ version: string }>('select version from storage.objects where version is not null');
  const swept = await files.sweep(new Set(live.rows.map((row) => row.version)));
  if (swept > 0) options.log(`[storage] removed ${swept} file(s) no storage.objects row refers to`);
  return files;
}

/**
 * The Storage API subset under `/storage/v1` in CONTRACT.md: objects, signed download URLs
 * and reading a bucket, with metadata in `storage.buckets`/`storage.objects` under RLS and
 * the bytes in the data folder.
 */
export function storageRouter(storage: StorageContext, log: (line: string) => void): Hono {
  const app = new Hono();
  // Fastify, in front of every Storage route, refuses a Content-Type it cannot parse.
  app.use('*', async (c, next) => {
    const contentType = c.req.header('content-type');
    if (contentType !== undefined && c.req.method !== 'GET' && c.req.method !== 'HEAD' && !isValidContentType(contentType)) {
      return storageErrorResponse(c, ERRORS.InvalidContentType(), true);
    }
    await next();
  });
  app.route('/bucket', bucketRoutes(storage));
  app.route('/object', objectRoutes(storage));
  app.all('*', (c) => routeNotFound(c, storage));
  app.onError((error, c) => {
    if (error instanceof StorageError) return storageErrorResponse(c, error);
    log(`[storage] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return storageErrorResponse(c, ERRORS.Internal());
  });
  return app;
}
