import type { Context } from 'hono';

import { findObject, ownerColumns } from './shared';
import { authenticate } from '../auth';
import { OPERATIONS, scopeOf, type StorageContext } from '../context';
import { run } from '../db';
import { ERRORS } from '../errors';
import { mustBeValidBucketName, mustBeValidKey } from '../limits';
import * as v from '../validate';

/**
 * `POST /object/move` (storage-js `move()`): the row is renamed as the caller, so the caller
 * needs to see the object (SELECT) and to update it into its new name (UPDATE's USING and
 * WITH CHECK), as with Storage; the bytes stay where they are, keyed by version.
 */
export async function moveObject(c: Context, storage: StorageContext): Promise<Response> {
  const caller = await authenticate(c, storage.keys);
  const body = v.object(await v.readJsonBody(c), 'body');
  const bucketId = v.string(body, 'body', 'bucketId');
  const sourceKey = v.string(body, 'body', 'sourceKey');
  const destinationKey = v.string(body, 'body', 'destinationKey');
  const destinationBucket = v.optionalString(body, 'body', 'destinationBucket') || bucketId;
  mustBeValidBucketName(bucketId);
  mustBeValidKey(destinationKey);
  await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.MOVE_OBJECT), async (tx) => {
    await findObject(tx, bucketId, sourceKey);
    const owner = ownerColumns(caller);
    const sets = ['name = $3', 'bucket_id = $4', ...Object.keys(owner).map((key, index) => `${key} = $${index + 5}`)];
    const { rows } = await tx.query(`update storage.objects set ${sets.join(', ')} where bucket_id = $1 and name = $2 returning id`, [
      bucketId,
      sourceKey,
      destinationKey,
      destinationBucket,
      ...Object.values(owner),
    ]);
    if (rows.length === 0) throw ERRORS.NoSuchKey();
  });
  return c.json({ message: 'Successfully moved' });
}
