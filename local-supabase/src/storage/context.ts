import type { PGlite } from '@electric-sql/pglite';
import type { Context } from 'hono';

import type { RequestScope } from './db';
import type { FileStore } from './files';
import type { SigningKeys } from '../auth/signing-keys';

export interface StorageContext {
  db: PGlite;
  keys: SigningKeys;
  files: FileStore;
  /** Where the router is mounted, e.g. `/storage/v1`; Storage's own paths start after it. */
  basePath: string;
  log: (line: string) => void;
}

/** The request as Storage sees it behind the gateway, which strips `/storage/v1`. */
export function storagePath(c: Context, storage: StorageContext): string {
  const pathname = new URL(c.req.url).pathname;
  return pathname.startsWith(storage.basePath) ? pathname.slice(storage.basePath.length) : pathname;
}

export function scopeOf(c: Context, storage: StorageContext, operation: string): RequestScope {
  return { method: c.req.method, path: storagePath(c, storage), operation };
}

/** Storage's route operation names (src/http/routes/operations.ts), for `storage.operation()`. */
export const OPERATIONS = {
  GET_BUCKET: 'storage.bucket.get',
  CREATE_OBJECT: 'storage.object.upload',
  DELETE_OBJECTS: 'storage.object.delete_many',
  GET_PUBLIC_OBJECT: 'storage.object.get_public',
  GET_AUTH_OBJECT: 'storage.object.get_authenticated',
  GET_SIGNED_OBJECT: 'storage.object.get_signed',
  SIGN_OBJECT_URL: 'storage.object.sign',
  LIST_OBJECTS: 'storage.object.list',
  MOVE_OBJECT: 'storage.object.move',
} as const;
