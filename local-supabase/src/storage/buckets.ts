import type { Transaction } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';

import { authenticate, mustBeServiceRole } from './auth';
import { OPERATIONS, scopeOf, type StorageContext } from './context';
import { isUuid, run, switchTo, type Caller } from './db';
import { ERRORS, StorageError } from './errors';
import {
  GLOBAL_FILE_SIZE_LIMIT,
  mustBeNotReservedBucketName,
  mustBeValidBucketName,
  parseFileSizeToBytes,
  validateAllowedMimeTypes,
} from './limits';
import * as v from './validate';

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean | null;
  type?: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | null;
  updated_at: Date | null;
}

/**
 * A bucket as Storage's `bucketSchema` serialises it: its key order, only the selected
 * columns, and a null string column as "" (fast-json-stringify's rendering of null).
 */
function bucketJson(row: BucketRow): Record<string, unknown> {
  const json: Record<string, unknown> = { id: row.id, name: row.name, owner: row.owner ?? '' };
  json.public = row.public ?? false;
  if (row.type !== undefined) json.type = row.type;
  json.file_size_limit = row.file_size_limit;
  json.allowed_mime_types = row.allowed_mime_types;
  json.created_at = row.created_at;
  json.updated_at = row.updated_at;
  return json;
}

/** Bucket columns for GET /bucket/:id (Storage leaves `type` out there). */
const BUCKET_COLUMNS = 'id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types';

async function findBucket(tx: Transaction, id: string, options: { forUpdate?: boolean } = {}): Promise<BucketRow> {
  const { rows } = await tx.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1 limit 1 ${options.forUpdate === true ? 'for update' : ''}`,
    [id],
  );
  const bucket = rows[0];
  if (bucket === undefined) throw ERRORS.NoSuchBucket();
  return bucket;
}

/** Storage's `parseMaxSizeLimit`: "20MB" or bytes, never above the project's ceiling. */
function fileSizeLimit(value: number | string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  const bytes = typeof value === 'string' ? parseFileSizeToBytes(value) : value;
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw ERRORS.EntityTooLarge();
  return bytes;
}

function mimeTypes(value: string[] | null | undefined): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  // Storage drops empty entries before validating.
  const types = value.filter((type) => type !== '');
  validateAllowedMimeTypes(types);
  return types;
}

async function listBuckets(c: Context, storage: StorageContext, caller: Caller): Promise<Response> {
  const query = Object.fromEntries(new URL(c.req.url).searchParams);
  const limit = v.optionalInteger(query, 'querystring', 'limit', 1);
  const offset = v.optionalInteger(query, 'querystring', 'offset', 0);
  const sortColumn = v.optionalEnum(query, 'querystring', 'sortColumn', ['id', 'name', 'created_at', 'updated_at'] as const);
  const sortOrder = v.optionalEnum(query, 'querystring', 'sortOrder', ['asc', 'desc'] as const);
  const search = v.optionalString(query, 'querystring', 'search');
  const values: unknown[] = [];
  let where = '';
  if (search !== undefined && search !== '') {
    values.push(`%${search.replace(/\\/g, '\\\\').replace(/([%_])/g, '\\$1')}%`);
    where = `where name ilike $${values.length}`;
  }
  const order = sortColumn === undefined ? '' : `order by "${sortColumn}" ${sortOrder === 'desc' ? 'desc' : 'asc'}`;
  let paging = '';
  if (limit !== undefined) {
    values.push(limit);
    paging += ` limit $${values.length}`;
  }
  if (offset !== undefined) {
    values.push(offset);
    paging += ` offset $${values.length}`;
  }
  const rows = await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.LIST_BUCKET), async (tx) => {
    const result = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS}, type from storage.buckets ${where} ${order} ${paging}`, values);
    return result.rows;
  });
  return c.json(rows.map(bucketJson));
}

async function createBucket(c: Context, storage: StorageContext, caller: Caller): Promise<Response> {
  const body = v.object(await v.readJsonBody(c), 'body');
  const name = v.string(body, 'body', 'name');
  const id = v.optionalString(body, 'body', 'id');
  const isPublic = v.optionalBoolean(body, 'body', 'public');
  const type = v.optionalEnum(body, 'body', 'type', ['STANDARD', 'ANALYTICS'] as const);
  const sizeLimit = v.optionalFileSizeLimit(body, 'body', 'file_size_limit');
  const allowed = v.optionalStringArray(body, 'body', 'allowed_mime_types', { nullable: true });

  if (name.trim().length !== name.length) throw ERRORS.InvalidBucketName();
  mustBeValidBucketName(name);
  mustBeNotReservedBucketName(name);
  if (type === 'ANALYTICS') throw ERRORS.FeatureNotEnabled('Iceberg buckets are not enabled for this tenant');
  const limit = fileSizeLimit(sizeLimit);
  const types = mimeTypes(allowed);

  // As the caller: creating a bucket is an INSERT that RLS on storage.buckets must allow.
  await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.CREATE_BUCKET), async (tx) => {
    await tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
       values ($1, $2, $3, $4, $5, $6, $7, 'STANDARD')`,
      [id || name, name, isUuid(caller.owner) ? caller.owner : null, caller.owner ?? null, isPublic ?? false, limit ?? null, types ?? null],
    );
  }).catch((error: unknown) => {
    throw error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? ERRORS.BucketAlreadyExists() : error;
  });
  return c.json({ name });
}

async function updateBucket(c: Context, storage: StorageContext, caller: Caller, id: string): Promise<Response> {
  const body = v.object(await v.readJsonBody(c), 'body');
  if (Object.keys(body).length < 1) throw ERRORS.Validation('body must NOT have fewer than 1 properties');
  const isPublic = v.optionalBoolean(body, 'body', 'public');
  const sizeLimit = v.optionalFileSizeLimit(body, 'body', 'file_size_limit');
  const allowed = v.optionalStringArray(body, 'body', 'allowed_mime_types', { nullable: true });
  if (isPublic === undefined && sizeLimit === undefined && allowed === undefined) {
    // Ajv reports every failed branch of the schema's anyOf, then the anyOf itself.
    throw ERRORS.Validation(
      "body must have required property 'public', body must have required property 'file_size_limit', " +
        "body must have required property 'allowed_mime_types', body must match a schema in anyOf",
    );
  }
  mustBeValidBucketName(id);
  const changes: [string, unknown][] = [];
  if (isPublic !== undefined) changes.push(['public', isPublic]);
  const limit = fileSizeLimit(sizeLimit);
  if (limit !== undefined) changes.push(['file_size_limit', limit]);
  const types = mimeTypes(allowed);
  if (types !== undefined) changes.push(['allowed_mime_types', types]);
  const updated = await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.UPDATE_BUCKET), async (tx) => {
    const sets = changes.map(([column], index) => `"${column}" = $${index + 1}`).join(', ');
    const result = await tx.query(`update storage.buckets set ${sets} where id = $${changes.length + 1}`, [
      ...changes.map(([, value]) => value),
      id,
    ]);
    return result.affectedRows ?? 0;
  });
  if (updated === 0) throw ERRORS.NoSuchBucket();
  return c.json({ message: 'Successfully updated' });
}

async function deleteBucket(c: Context, storage: StorageContext, caller: Caller, id: string): Promise<Response> {
  await v.readJsonBody(c, { allowEmpty: true });
  await run(
    storage.db,
    caller,
    scopeOf(c, storage, OPERATIONS.DELETE_BUCKET),
    async (tx) => {
      await findBucket(tx, id, { forUpdate: true });
      const objects = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
      if (objects.rows.length > 0) throw ERRORS.BucketNotEmpty();
      // The delete itself runs as the caller, so RLS on storage.buckets decides.
      await switchTo(tx, caller);
      const deleted = await tx.query('delete from storage.buckets where id = $1', [id]);
      if ((deleted.affectedRows ?? 0) === 0) throw ERRORS.NoSuchBucket();
    },
    { superuser: true },
  );
  return c.json({ message: 'Successfully deleted' });
}

/**
 * `POST /bucket/:id/empty`, service role only. Storage queues the deletion and answers at once;
 * here it is done before the answer, so the bucket is empty when the client continues.
 */
async function emptyBucket(c: Context, storage: StorageContext, caller: Caller, id: string): Promise<Response> {
  mustBeServiceRole(caller);
  await v.readJsonBody(c, { allowEmpty: true });
  const versions = await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.EMPTY_BUCKET), async (tx) => {
    await findBucket(tx, id);
    const deleted = await tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [id]);
    return deleted.rows.map((row) => row.version);
  });
  await storage.files.remove(versions);
  return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

/** Storage's `/bucket` routes. */
export function bucketRoutes(storage: StorageContext): Hono {
  const app = new Hono();
  const caller = (c: Context) => authenticate(c, storage.keys);
  app.get('/', async (c) => listBuckets(c, storage, await caller(c)));
  app.post('/', async (c) => createBucket(c, storage, await caller(c)));
  app.get('/:bucketId', async (c) => {
    const who = await caller(c);
    const id = c.req.param('bucketId');
    const bucket = await run(storage.db, who, scopeOf(c, storage, OPERATIONS.GET_BUCKET), (tx) => findBucket(tx, id));
    return c.json(bucketJson(bucket));
  });
  app.put('/:bucketId', async (c) => updateBucket(c, storage, await caller(c), c.req.param('bucketId')));
  app.delete('/:bucketId', async (c) => deleteBucket(c, storage, await caller(c), c.req.param('bucketId')));
  app.post('/:bucketId/empty', async (c) => emptyBucket(c, storage, await caller(c), c.req.param('bucketId')));
  return app;
}
