import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';

import { bucketRoutes } from './buckets';
import type { StorageContext } from './context';
import { ERRORS, StorageError, storageErrorResponse } from './errors';
import { FileStore } from './files';
import { isValidContentType } from './limits';
import { objectRoutes, routeNotFound } from './objects';
import type { SigningKeys } from '../auth/signing-keys';

export interface StorageOptions {
  db: PGlite;
  keys: SigningKeys;
  /** The backend's data folder; object bytes go to `<dataDir>/storage`. Undefined: a temporary folder. */
  dataDir: string | undefined;
  /** Where the router is mounted. */
  basePath: string;
  log: (line: string) => void;
}

export interface StorageService {
  routes: Hono;
  /** Removes the temporary folder of an in-memory backend; on-disk bytes stay. */
  close(): Promise<void>;
}

/**
 * The Storage API subset under `/storage/v1` that @supabase/storage-js uses: buckets, objects
 * and signed download URLs, with metadata in `storage.buckets`/`storage.objects` under RLS
 * and the bytes in the data folder (see README, "Storage subset").
 */
export async function startStorage(options: StorageOptions): Promise<StorageService> {
  const files = await FileStore.open(options.dataDir);
  const live = await options.db.query<{ version: string }>('select version from storage.objects where version is not null');
  const swept = await files.sweep(new Set(live.rows.map((row) => row.version)));
  if (swept > 0) options.log(`[storage] removed ${swept} file(s) no storage.objects row refers to`);

  const storage: StorageContext = { db: options.db, keys: options.keys, files, basePath: options.basePath, log: options.log };
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
    options.log(`[storage] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return storageErrorResponse(c, ERRORS.Internal());
  });
  return { routes: app, close: () => files.close() };
}
