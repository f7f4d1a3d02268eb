import type { Context } from 'hono';

import { objectJson, type ObjectRow } from './shared';
import { authenticate } from '../auth';
import { OPERATIONS, scopeOf, type StorageContext } from '../context';
import { run } from '../db';
import { mustBeValidBucketName } from '../limits';
import * as v from '../validate';

/** `DELETE /object/:bucket {prefixes}` (storage-js `remove()`): deletes what RLS lets the caller delete, and then the bytes. */
export async function removeObjects(c: Context, storage: StorageContext, bucket: string): Promise<Response> {
  const caller = await authenticate(c, storage.keys);
  const body = v.object(await v.readJsonBody(c), 'body');
  v.required(body, 'body', 'prefixes');
  const prefixes = v.optionalStringArray(body, 'body', 'prefixes', { minItems: 1 }) ?? [];
  mustBeValidBucketName(bucket);
  const rows = await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.DELETE_OBJECTS), async (tx) => {
    const result = await tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [
      bucket,
      prefixes,
    ]);
    return result.rows;
  });
  await storage.files.remove(rows.map((row) => row.version));
  return c.json(rows.map(objectJson));
}
