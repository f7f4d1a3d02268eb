import type { Context } from 'hono';

import { objectJson, type ObjectRow } from './shared';
import { authenticate } from '../auth';
import { OPERATIONS, scopeOf, type StorageContext } from '../context';
import { run } from '../db';
import { mustBeValidBucketName } from '../limits';
import * as v from '../validate';

const escapeLike = (value: string): string => value.replace(/\\/g, '\\\\').replace(/([%_])/g, '\\$1');

/** `POST /object/list/:bucket` (storage-js `list()`): one folder level, through `storage.search` as the caller. */
export async function listObjects(c: Context, storage: StorageContext, bucket: string): Promise<Response> {
  const caller = await authenticate(c, storage.keys);
  const body = v.object(await v.readJsonBody(c), 'body');
  let prefix = v.string(body, 'body', 'prefix');
  const limit = v.optionalInteger(body, 'body', 'limit', 1);
  const offset = v.optionalInteger(body, 'body', 'offset', 0);
  let column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at' | undefined;
  let order: 'asc' | 'desc' | undefined;
  if (body.sortBy !== undefined) {
    const sortBy = v.object(body.sortBy, 'body/sortBy');
    v.required(sortBy, 'body/sortBy', 'column');
    column = v.optionalEnum(sortBy, 'body/sortBy', 'column', ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const);
    order = v.optionalEnum(sortBy, 'body/sortBy', 'order', ['asc', 'desc'] as const);
  }
  let search = v.optionalString(body, 'body', 'search') ?? '';
  mustBeValidBucketName(bucket);
  // Storage treats the prefix as a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const sortColumn = column ?? 'name';
  // Only the non-name listing goes through ILIKE, so only it needs the pattern escaped.
  if (sortColumn !== 'name') {
    prefix = escapeLike(prefix);
    search = escapeLike(search);
  }
  const rows = await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.LIST_OBJECTS), async (tx) => {
    const result = await tx.query<ObjectRow>('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
      prefix,
      bucket,
      limit ?? 100,
      (prefix + search).split('/').length,
      offset ?? 0,
      search,
      sortColumn,
      order ?? 'asc',
    ]);
    return result.rows;
  });
  return c.json(rows.map(objectJson));
}
