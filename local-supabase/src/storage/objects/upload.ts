import type { Transaction } from '@electric-sql/pglite';
import type { Context } from 'hono';

import { ownerColumns, type ObjectPath } from './shared';
import { authenticate } from '../auth';
import { OPERATIONS, scopeOf, type StorageContext } from '../context';
import { run, testPermission } from '../db';
import { ERRORS, StorageError, storageErrorResponse } from '../errors';
import { SizeLimitExceeded } from '../files';
import { maxFileSize, mustBeValidBucketName, mustBeValidKey } from '../limits';
import { readUpload, type IncomingUpload } from '../upload';

/** The metadata Storage records for an uploaded object (its S3 backend's HeadObject). */
function uploadedMetadata(upload: IncomingUpload, file: { size: number; eTag: string; lastModified: Date }): Record<string, unknown> {
  return {
    eTag: file.eTag,
    size: file.size,
    mimetype: upload.mimeType,
    cacheControl: upload.cacheControl,
    lastModified: file.lastModified.toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}

const UPSERT_COLUMNS = ['metadata', 'user_metadata', 'version', 'owner', 'owner_id'];

/** `insert` (or, with `upsert`, insert-or-update) of one object row, with Storage's columns. */
async function writeObjectRow(tx: Transaction, row: Record<string, unknown>, upsert: boolean): Promise<{ id: string } | undefined> {
  const columns = Object.keys(row).filter((key) => row[key] !== undefined);
  const values = columns.map((key) => (row[key] !== null && typeof row[key] === 'object' ? JSON.stringify(row[key]) : row[key]));
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  const updates = UPSERT_COLUMNS.filter((key) => row[key] !== undefined).map((key) => `${key} = excluded.${key}`);
  const conflict = upsert
    ? `on conflict (name, bucket_id) ${updates.length > 0 ? `do update set ${updates.join(', ')}` : 'do nothing'} returning id`
    : '';
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (${columns.join(', ')}) values (${placeholders}) ${conflict}`,
    values,
  );
  return rows[0];
}

/**
 * `POST /object/:bucket/*` (storage-js `upload()`, an upsert with `x-upsert: true`), in
 * Storage's order: bucket limits, request headers, key, an RLS check of the row insert (rolled
 * back) before a byte is stored, the bytes streamed to disk, then the row written as owner.
 */
export async function uploadObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  let upload: IncomingUpload | undefined;
  try {
    const caller = await authenticate(c, storage.keys);
    const upsert = c.req.header('x-upsert') === 'true';
    const scope = scopeOf(c, storage, OPERATIONS.CREATE_OBJECT);
    mustBeValidBucketName(path.bucket);
    const bucket = await run(
      storage.db,
      caller,
      scope,
      async (tx) => {
        const { rows } = await tx.query<{ file_size_limit: number | null; allowed_mime_types: string[] | null }>(
          'select file_size_limit, allowed_mime_types from storage.buckets where id = $1 limit 1',
          [path.bucket],
        );
        return rows[0];
      },
      { superuser: true },
    );
    if (bucket === undefined) throw ERRORS.NoSuchBucket();
    const objectName = path.key;
    const limit = maxFileSize(objectName, bucket.file_size_limit);
    upload = await readUpload(c, { objectName, maxFileSize: limit, allowedMimeTypes: bucket.allowed_mime_types ?? [] });
    mustBeValidKey(objectName);
    const incoming = upload;
    const base = { bucket_id: path.bucket, name: objectName, ...ownerColumns(caller) };

    await testPermission(storage.db, caller, scope, async (tx) => {
      const metadata = { mimetype: incoming.mimeType, contentLength: incoming.declaredLength };
      await writeObjectRow(tx, { ...base, version: '1', metadata, user_metadata: incoming.userMetadata }, upsert);
    }).catch((error: unknown) => {
      throw error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? ERRORS.KeyAlreadyExists() : error;
    });

    const file = await storage.files.receive(incoming.body, limit).catch((error: unknown) => {
      if (error instanceof SizeLimitExceeded) throw ERRORS.EntityTooLarge();
      // The client went away mid-upload: its fault, not the disk's.
      if (incoming.body.errored !== null) throw ERRORS.InvalidRequest('Request stream closed before upload could complete');
      throw error;
    });
    // The multipart parser also reads to the end of the body, so the connection can be reused.
    await incoming.drain();
    if (incoming.isTruncated()) {
      await storage.files.discard(file.version);
      throw ERRORS.EntityTooLarge();
    }
    await storage.files.publish(file.version);
    let written: { id: string; previous: string | null | undefined };
    try {
      written = await run(
        storage.db,
        caller,
        scope,
        async (tx) => {
          const { rows } = await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [path.bucket, objectName],
          );
          const metadata = uploadedMetadata(incoming, file);
          const row = await writeObjectRow(
            tx,
            { ...base, version: file.version, metadata, user_metadata: incoming.userMetadata ?? {} },
            true,
          );
          if (row === undefined) throw ERRORS.Internal();
          return { id: row.id, previous: rows[0]?.version };
        },
        { superuser: true },
      );
    } catch (error) {
      await storage.files.remove([file.version]);
      throw error;
    }
    if (written.previous !== undefined && written.previous !== file.version) await storage.files.remove([written.previous]);
    return c.json({ Id: written.id, Key: `${path.bucket}/${objectName}` });
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    // Answer once the body is consumed; one left unread (never touched, or cut off at the
    // limit) ends the connection instead.
    const consumed = upload === undefined ? false : await upload.drain();
    return storageErrorResponse(c, error, !consumed);
  }
}
