import type { Context } from 'hono';

import { findObject, type ObjectPath } from './shared';
import { authenticate } from '../auth';
import { OPERATIONS, scopeOf, type StorageContext } from '../context';
import { run } from '../db';
import { mustBeValidBucketName, mustBeValidExpiresIn, mustBeValidKey } from '../limits';
import { signDownloadToken } from '../signing';
import * as v from '../validate';

/** `POST /object/sign/:bucket/*` (storage-js `createSignedUrl()`): only for an object the caller can read. */
export async function signObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const caller = await authenticate(c, storage.keys);
  const body = v.object(await v.readJsonBody(c), 'body');
  v.required(body, 'body', 'expiresIn');
  const expiresIn = v.optionalInteger(body, 'body', 'expiresIn', 1) ?? 0;
  mustBeValidExpiresIn(expiresIn);
  mustBeValidBucketName(path.bucket);
  mustBeValidKey(path.key);
  await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.SIGN_OBJECT_URL), (tx) => findObject(tx, path.bucket, path.key));
  const url = `${path.bucket}/${path.key}`;
  const token = await signDownloadToken(storage.keys, url, expiresIn);
  return c.json({ signedURL: `/object/sign/${url}?token=${token}` });
}
