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
  CREATE_BUCKET: 'storage.bucket.create',
  DELETE_BUCKET: 'storage.bucket.delete',
  EMPTY_BUCKET: 'storage.bucket.empty',
  LIST_BUCKET: 'storage.bucket.list',
  GET_BUCKET: 'storage.bucket.get',
  UPDATE_BUCKET: 'storage.bucket.update',
  CREATE_OBJECT: 'storage.object.upload',
  UPDATE_OBJECT: 'storage.object.upload_update',
  DELETE_OBJECT: 'storage.object.delete',
  DELETE_OBJECTS: 'storage.object.delete_many',
  GET_PUBLIC_OBJECT: 'storage.object.get_public',
  GET_AUTH_OBJECT: 'storage.object.get_authenticated',
  INFO_PUBLIC_OBJECT: 'storage.object.info_public',
  GET_AUTH_OBJECT_INFO: 'object.get_authenticated_info',
  HEAD_AUTH_OBJECT_INFO: 'object.head_authenticated_info',
  GET_SIGNED_OBJECT: 'storage.object.get_signed',
  SIGN_OBJECT_URL: 'storage.object.sign',
  SIGN_OBJECT_URLS: 'storage.object.sign_many',
  LIST_OBJECTS: 'storage.object.list',
  MOVE_OBJECT: 'storage.object.move',
} as const;
