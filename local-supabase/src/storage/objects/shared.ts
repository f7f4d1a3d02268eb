import type { Transaction } from '@electric-sql/pglite';
import type { Context } from 'hono';

import { storagePath, type StorageContext } from '../context';
import { isUuid, type Caller } from '../db';
import { ERRORS } from '../errors';
import type { StoredObject } from '../render';

/** What the object jobs share: the object path, the row lookup and Storage's JSON shapes. */

export const OBJECT_COLUMNS = 'id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at';

export interface ObjectRow extends StoredObject {
  owner: string | null;
  owner_id: string | null;
  last_accessed_at: Date | null;
}

/** Storage's `objectSchema` serialisation: its key order, null strings as "" (fast-json-stringify). */
export function objectJson(row: Partial<ObjectRow> & { name: string }): Record<string, unknown> {
  const json: Record<string, unknown> = { name: row.name };
  for (const key of ['bucket_id', 'owner', 'owner_id', 'version'] as const) {
    if (key in row) json[key] = row[key] ?? '';
  }
  for (const key of ['id', 'updated_at', 'created_at', 'last_accessed_at', 'metadata', 'user_metadata'] as const) {
    if (key in row) json[key] = row[key] ?? null;
  }
  return json;
}

export async function findObject(tx: Transaction, bucketId: string, name: string, lock = ''): Promise<StoredObject> {
  const { rows } = await tx.query<StoredObject>(
    `select ${OBJECT_COLUMNS} from storage.objects where name = $1 and bucket_id = $2 limit 1 ${lock}`,
    [name, bucketId],
  );
  const object = rows[0];
  if (object === undefined) throw ERRORS.NoSuchKey();
  return object;
}

/** Owner columns as Storage writes them: `owner` only for a UUID `sub`, `owner_id` always. */
export function ownerColumns(caller: Caller): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (isUuid(caller.owner)) columns.owner = caller.owner;
  if (caller.owner !== undefined) columns.owner_id = caller.owner;
  return columns;
}

/** A path's `:bucketName/*` part, decoded as Fastify decodes route parameters. */
export interface ObjectPath {
  bucket: string;
  key: string;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw ERRORS.InvalidRequest('Invalid URL');
  }
}

/**
 * The bucket and object name in `rest` (the path after a route's prefix): object names are
 * free-form, so they are split at the first `/` and decoded here, as Storage (Fastify) does.
 * Undefined when there is no `/`, i.e. no object name.
 */
export function objectPath(rest: string): ObjectPath | undefined {
  const slash = rest.indexOf('/');
  return slash === -1 ? undefined : { bucket: decode(rest.slice(0, slash)), key: decode(rest.slice(slash + 1)) };
}

/** The bucket in `rest`, for the bucket-level routes (`/object/list/:bucket`); undefined when a `/` follows it. */
export function bucketName(rest: string): string | undefined {
  return rest === '' || rest.includes('/') ? undefined : decode(rest);
}

/** Fastify's 404 for a path no Storage route matches. */
export function routeNotFound(c: Context, storage: StorageContext): Response {
  const url = new URL(c.req.url);
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(
    JSON.stringify({
      statusCode: '404',
      error: 'Not Found',
      message: `Route ${c.req.method}:${storagePath(c, storage)}${url.search} not found`,
      code: 'InvalidRequest',
    }),
    404,
  );
}
