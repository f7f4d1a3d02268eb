import type { Transaction } from '@electric-sql/pglite';
import type { Context } from 'hono';

import { findObject, type ObjectPath } from './shared';
import { ANONYMOUS, authenticate } from '../auth';
import { OPERATIONS, scopeOf, type StorageContext } from '../context';
import { run, switchTo } from '../db';
import { ERRORS } from '../errors';
import { mustBeValidBucketName, mustBeValidKey } from '../limits';
import { renderHead, renderObject, type StoredObject } from '../render';
import { verifyDownloadToken } from '../signing';

/**
 * The object's bytes, or for HEAD (which Hono routes to the GET routes) only its headers, from
 * the row's metadata, as Storage's HeadRenderer answers.
 */
function render(c: Context, storage: StorageContext, object: StoredObject, expires?: string): Promise<Response> | Response {
  if (c.req.method === 'HEAD') return renderHead(c, object);
  return renderObject(c, storage.files, object, { download: c.req.query('download'), expires });
}

/** Whether the bucket is public; undefined when there is no such bucket. */
async function isPublicBucket(tx: Transaction, bucket: string): Promise<boolean | undefined> {
  const { rows } = await tx.query<{ public: boolean | null }>('select public from storage.buckets where id = $1 limit 1', [bucket]);
  return rows[0] === undefined ? undefined : rows[0].public === true;
}

/**
 * `GET /object/:bucket/*` (storage-js `download()`): an unauthenticated request only reaches
 * public buckets; in a public bucket any object may be read; otherwise the read runs as the
 * caller, so RLS on storage.objects decides.
 */
export async function getObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const caller = await authenticate(c, storage.keys, { allowInvalidJwt: true });
  const object = await run(
    storage.db,
    caller,
    scopeOf(c, storage, OPERATIONS.GET_AUTH_OBJECT),
    async (tx) => {
      const isPublic = await isPublicBucket(tx, path.bucket);
      if (isPublic === undefined || (!caller.isAuthenticated && !isPublic)) throw ERRORS.NoSuchBucket();
      mustBeValidBucketName(path.bucket);
      mustBeValidKey(path.key);
      if (!isPublic) await switchTo(tx, caller);
      return findObject(tx, path.bucket, path.key);
    },
    { superuser: true },
  );
  return render(c, storage, object);
}

/** `GET /object/public/:bucket/*` (storage-js `getPublicUrl()`): any object of a public bucket, without a token. */
export async function getPublicObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const object = await run(
    storage.db,
    ANONYMOUS,
    scopeOf(c, storage, OPERATIONS.GET_PUBLIC_OBJECT),
    async (tx) => {
      if ((await isPublicBucket(tx, path.bucket)) !== true) throw ERRORS.NoSuchBucket();
      mustBeValidBucketName(path.bucket);
      mustBeValidKey(path.key);
      return findObject(tx, path.bucket, path.key);
    },
    { superuser: true },
  );
  return render(c, storage, object);
}

/** `GET /object/sign/:bucket/*?token=` (the URL `createSignedUrl()` returns): anyone holding an unexpired token for this path. */
export async function getSignedObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const token = c.req.query('token');
  if (token === undefined) throw ERRORS.Validation("querystring must have required property 'token'");
  mustBeValidBucketName(path.bucket);
  const { url, exp } = await verifyDownloadToken(storage.keys, token, path.bucket, path.key);
  const slash = url.indexOf('/');
  const object = await run(
    storage.db,
    ANONYMOUS,
    scopeOf(c, storage, OPERATIONS.GET_SIGNED_OBJECT),
    (tx) => findObject(tx, url.slice(0, slash), url.slice(slash + 1)),
    { superuser: true },
  );
  return render(c, storage, object, new Date(exp * 1000).toUTCString());
}
