import { Hono } from 'hono';

import { authenticate } from './auth';
import { OPERATIONS, scopeOf, type StorageContext } from './context';
import { run } from './db';
import { ERRORS } from './errors';

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean | null;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | null;
  updated_at: Date | null;
}

/**
 * Storage's `/bucket` routes in the contract: only `GET /bucket/:id` (storage-js `getBucket()`).
 * Buckets are created and changed by migrations, as on the hosted project (CONTRACT.md).
 */
export function bucketRoutes(storage: StorageContext): Hono {
  const app = new Hono();
  app.get('/:bucketId', async (c) => {
    const caller = await authenticate(c, storage.keys);
    const bucket = await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.GET_BUCKET), async (tx) => {
      const { rows } = await tx.query<BucketRow>(
        `select id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types
         from storage.buckets where id = $1 limit 1`,
        [c.req.param('bucketId')],
      );
      return rows[0];
    });
    if (bucket === undefined) throw ERRORS.NoSuchBucket();
    // Storage's `bucketSchema` key order; a null string column as "" (fast-json-stringify).
    const { id, name, owner, file_size_limit, allowed_mime_types, created_at, updated_at } = bucket;
    return c.json({
      id,
      name,
      owner: owner ?? '',
      public: bucket.public ?? false,
      file_size_limit,
      allowed_mime_types,
      created_at,
      updated_at,
    });
  });
  return app;
}
