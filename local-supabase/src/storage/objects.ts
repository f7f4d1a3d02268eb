import type { Transaction } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';

import { ANONYMOUS, authenticate } from './auth';
import { OPERATIONS, scopeOf, storagePath, type StorageContext } from './context';
import { isUuid, run, switchTo, testPermission, type Caller } from './db';
import { ERRORS, StorageError, storageErrorResponse } from './errors';
import { SizeLimitExceeded } from './files';
import { MAX_OBJECTS_PER_REQUEST, maxFileSize, mustBeValidBucketName, mustBeValidExpiresIn, mustBeValidKey } from './limits';
import { renderHead, renderInfo, renderObject, type StoredObject } from './render';
import { signDownloadToken, verifyDownloadToken } from './signing';
import { readUpload, type IncomingUpload } from './upload';
import * as v from './validate';

const OBJECT_COLUMNS = 'id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at';

interface ObjectRow extends StoredObject {
  owner: string | null;
  owner_id: string | null;
  last_accessed_at: Date | null;
}

/** Storage's `objectSchema` serialisation: its key order, null strings as "" (fast-json-stringify). */
function objectJson(row: Partial<ObjectRow> & { name: string }): Record<string, unknown> {
  const json: Record<string, unknown> = { name: row.name };
  for (const key of ['bucket_id', 'owner', 'owner_id', 'version'] as const) {
    if (key in row) json[key] = row[key] ?? '';
  }
  for (const key of ['id', 'updated_at', 'created_at', 'last_accessed_at', 'metadata', 'user_metadata'] as const) {
    if (key in row) json[key] = row[key] ?? null;
  }
  return json;
}

async function findObject(tx: Transaction, bucketId: string, name: string, lock = ''): Promise<StoredObject> {
  const { rows } = await tx.query<StoredObject>(
    `select ${OBJECT_COLUMNS} from storage.objects where name = $1 and bucket_id = $2 limit 1 ${lock}`,
    [name, bucketId],
  );
  const object = rows[0];
  if (object === undefined) throw ERRORS.NoSuchKey();
  return object;
}

interface BucketVisibility {
  id: string;
  public: boolean | null;
}

async function bucketVisibility(tx: Transaction, bucketId: string): Promise<BucketVisibility | undefined> {
  const { rows } = await tx.query<BucketVisibility>('select id, public from storage.buckets where id = $1 limit 1', [bucketId]);
  return rows[0];
}

/** A path's `:bucketName/*` part, decoded as Fastify decodes route parameters. */
interface ObjectPath {
  bucket: string;
  /** Undefined when the path has no `/` after the bucket (the bucket-level routes). */
  key: string | undefined;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw ERRORS.InvalidRequest('Invalid URL');
  }
}

function splitPath(rest: string): ObjectPath {
  const slash = rest.indexOf('/');
  return slash === -1
    ? { bucket: decode(rest), key: undefined }
    : { bucket: decode(rest.slice(0, slash)), key: decode(rest.slice(slash + 1)) };
}

/**
 * Storage's object lookup for downloads (getObject, getObjectInfo): an unauthenticated request
 * only reaches public buckets; in a public bucket any object may be read; otherwise the read
 * runs as the caller, so RLS on storage.objects decides.
 */
async function readableObject(
  c: Context,
  storage: StorageContext,
  caller: Caller,
  path: ObjectPath,
  operation: string,
  publicRoute = false,
): Promise<StoredObject> {
  return run(
    storage.db,
    caller,
    scopeOf(c, storage, operation),
    async (tx) => {
      const bucket = await bucketVisibility(tx, path.bucket);
      if (bucket === undefined || (!caller.isAuthenticated && bucket.public !== true)) throw ERRORS.NoSuchBucket();
      mustBeValidBucketName(path.bucket);
      mustBeValidKey(path.key);
      if (bucket.public !== true && !publicRoute) await switchTo(tx, caller);
      return findObject(tx, path.bucket, path.key);
    },
    { superuser: true },
  );
}

const downloadOption = (c: Context): string | undefined => c.req.query('download');

async function getObject(c: Context, storage: StorageContext, path: ObjectPath, allowInvalidJwt: boolean): Promise<Response> {
  const caller = await authenticate(c, storage.keys, { allowInvalidJwt });
  const object = await readableObject(c, storage, caller, path, OPERATIONS.GET_AUTH_OBJECT);
  return renderObject(c, storage.files, object, { download: downloadOption(c) });
}

async function getPublicObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const object = await run(
    storage.db,
    ANONYMOUS,
    scopeOf(c, storage, OPERATIONS.GET_PUBLIC_OBJECT),
    async (tx) => {
      const bucket = await bucketVisibility(tx, path.bucket);
      if (bucket?.public !== true) throw ERRORS.NoSuchBucket();
      mustBeValidBucketName(path.bucket);
      mustBeValidKey(path.key);
      return findObject(tx, path.bucket, path.key);
    },
    { superuser: true },
  );
  return renderObject(c, storage.files, object, { download: downloadOption(c) });
}

/** `GET /object/sign/:bucket/*?token=`: anyone holding an unexpired token for this path. */
async function getSignedObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const token = c.req.query('token');
  if (token === undefined) throw ERRORS.Validation("querystring must have required property 'token'");
  mustBeValidBucketName(path.bucket);
  const { url, exp } = await verifyDownloadToken(storage.keys, token, path.bucket, path.key ?? '');
  const slash = url.indexOf('/');
  const object = await run(
    storage.db,
    ANONYMOUS,
    scopeOf(c, storage, OPERATIONS.GET_SIGNED_OBJECT),
    (tx) => findObject(tx, url.slice(0, slash), url.slice(slash + 1)),
    { superuser: true },
  );
  return renderObject(c, storage.files, object, { download: downloadOption(c), expires: new Date(exp * 1000).toUTCString() });
}

async function objectInfo(
  c: Context,
  storage: StorageContext,
  path: ObjectPath,
  options: { head: boolean; publicRoute?: boolean; allowInvalidJwt?: boolean },
): Promise<Response> {
  const caller =
    options.publicRoute === true ? ANONYMOUS : await authenticate(c, storage.keys, { allowInvalidJwt: options.allowInvalidJwt });
  const operation =
    options.publicRoute === true
      ? OPERATIONS.INFO_PUBLIC_OBJECT
      : options.head
        ? OPERATIONS.HEAD_AUTH_OBJECT_INFO
        : OPERATIONS.GET_AUTH_OBJECT_INFO;
  const object = await readableObject(c, storage, caller, path, operation, options.publicRoute);
  return options.head ? renderHead(c, object) : renderInfo(c, object);
}

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

/** Owner columns as Storage writes them: `owner` only for a UUID `sub`, `owner_id` always. */
function ownerColumns(caller: Caller): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (isUuid(caller.owner)) columns.owner = caller.owner;
  if (caller.owner !== undefined) columns.owner_id = caller.owner;
  return columns;
}

/** `insert` (or, with `upsert`, insert-or-update) of one object row, with Storage's columns. */
async function writeObjectRow(
  tx: Transaction,
  row: Record<string, unknown>,
  upsert: boolean,
  updateColumns: string[],
): Promise<{ id: string } | undefined> {
  const columns = Object.keys(row).filter((key) => row[key] !== undefined);
  const values = columns.map((key) => (row[key] !== null && typeof row[key] === 'object' ? JSON.stringify(row[key]) : row[key]));
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  const updates = updateColumns.filter((key) => row[key] !== undefined).map((key) => `${key} = excluded.${key}`);
  const conflict = upsert
    ? `on conflict (name, bucket_id) ${updates.length > 0 ? `do update set ${updates.join(', ')}` : 'do nothing'} returning id`
    : '';
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (${columns.join(', ')}) values (${placeholders}) ${conflict}`,
    values,
  );
  return rows[0];
}

const UPSERT_COLUMNS = ['metadata', 'user_metadata', 'version', 'owner', 'owner_id'];

/**
 * POST (and PUT, always an upsert) `/object/:bucket/*`, in Storage's order: bucket limits,
 * request headers, key, an RLS check of the row insert (rolled back) before a byte is stored,
 * the bytes streamed to disk, then the row written as owner.
 */
async function uploadObject(c: Context, storage: StorageContext, path: ObjectPath, update: boolean): Promise<Response> {
  let upload: IncomingUpload | undefined;
  try {
    const caller = await authenticate(c, storage.keys);
    const upsert = update || c.req.header('x-upsert') === 'true';
    const operation = update ? OPERATIONS.UPDATE_OBJECT : OPERATIONS.CREATE_OBJECT;
    const scope = scopeOf(c, storage, operation);
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
    const objectName = path.key ?? '';
    const limit = maxFileSize(objectName, bucket.file_size_limit);
    upload = await readUpload(c, { objectName, maxFileSize: limit, allowedMimeTypes: bucket.allowed_mime_types ?? [] });
    mustBeValidKey(objectName);
    const incoming = upload;
    const base = { bucket_id: path.bucket, name: objectName, ...ownerColumns(caller) };

    await testPermission(storage.db, caller, scope, async (tx) => {
      await writeObjectRow(
        tx,
        {
          ...base,
          version: '1',
          metadata: { mimetype: incoming.mimeType, contentLength: incoming.declaredLength },
          user_metadata: incoming.userMetadata,
        },
        upsert,
        UPSERT_COLUMNS,
      );
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
          const row = await writeObjectRow(
            tx,
            { ...base, version: file.version, metadata: uploadedMetadata(incoming, file), user_metadata: incoming.userMetadata ?? {} },
            true,
            UPSERT_COLUMNS,
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

async function deleteObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const caller = await authenticate(c, storage.keys);
  mustBeValidBucketName(path.bucket);
  const name = path.key ?? '';
  const version = await run(
    storage.db,
    caller,
    scopeOf(c, storage, OPERATIONS.DELETE_OBJECT),
    async (tx) => {
      await findObject(tx, path.bucket, name, 'for update');
      await switchTo(tx, caller);
      const { rows } = await tx.query<{ version: string | null }>(
        'delete from storage.objects where name = $1 and bucket_id = $2 returning version',
        [name, path.bucket],
      );
      if (rows[0] === undefined) throw ERRORS.AccessDenied('Access denied');
      return rows[0].version;
    },
    { superuser: true },
  );
  await storage.files.remove([version]);
  return c.json({ message: 'Successfully deleted' });
}

/** `DELETE /object/:bucket {prefixes}` (storage-js `remove()`): deletes what RLS lets the caller delete. */
async function deleteObjects(c: Context, storage: StorageContext, bucket: string): Promise<Response> {
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

async function readExpiresIn(body: v.Json): Promise<number> {
  v.required(body, 'body', 'expiresIn');
  const expiresIn = v.optionalInteger(body, 'body', 'expiresIn', 1) ?? 0;
  mustBeValidExpiresIn(expiresIn);
  return expiresIn;
}

/** `POST /object/sign/:bucket/*` (storage-js `createSignedUrl()`): only for an object the caller can read. */
async function signObject(c: Context, storage: StorageContext, path: ObjectPath): Promise<Response> {
  const caller = await authenticate(c, storage.keys);
  const body = v.object(await v.readJsonBody(c), 'body');
  const expiresIn = await readExpiresIn(body);
  mustBeValidBucketName(path.bucket);
  const name = path.key ?? '';
  mustBeValidKey(name);
  await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.SIGN_OBJECT_URL), (tx) => findObject(tx, path.bucket, name));
  const url = `${path.bucket}/${name}`;
  const token = await signDownloadToken(storage.keys, url, expiresIn);
  return c.json({ signedURL: `/object/sign/${url}?token=${token}` });
}

/** `POST /object/sign/:bucket {expiresIn, paths}` (storage-js `createSignedUrls()`). */
async function signObjects(c: Context, storage: StorageContext, bucket: string): Promise<Response> {
  const caller = await authenticate(c, storage.keys);
  const body = v.object(await v.readJsonBody(c), 'body');
  const expiresIn = await readExpiresIn(body);
  v.required(body, 'body', 'paths');
  const paths = v.optionalStringArray(body, 'body', 'paths', { minItems: 1, maxItems: MAX_OBJECTS_PER_REQUEST }) ?? [];
  mustBeValidBucketName(bucket);
  const visible = await run(storage.db, caller, scopeOf(c, storage, OPERATIONS.SIGN_OBJECT_URLS), async (tx) => {
    const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [
      bucket,
      paths,
    ]);
    return new Set(rows.map((row) => row.name));
  });
  const results = await Promise.all(
    paths.map(async (path) => {
      if (!visible.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const url = `${bucket}/${path}`;
      return { error: null, path, signedURL: `/object/sign/${url}?token=${await signDownloadToken(storage.keys, url, expiresIn)}` };
    }),
  );
  return c.json(results);
}

const escapeLike = (value: string): string => value.replace(/\\/g, '\\\\').replace(/([%_])/g, '\\$1');

/** `POST /object/list/:bucket` (storage-js `list()`): one folder level, through `storage.search` as the caller. */
async function listObjects(c: Context, storage: StorageContext, bucket: string): Promise<Response> {
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

/**
 * `POST /object/move` (storage-js `move()`): the row is renamed as the caller, so the caller
 * needs to see the object (SELECT) and to update it into its new name (UPDATE's USING and
 * WITH CHECK), as with Storage; the bytes stay where they are, keyed by version.
 */
async function moveObject(c: Context, storage: StorageContext): Promise<Response> {
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

/**
 * `/object/...`: dispatched by hand in the precedence of Storage's router (static segments
 * such as `sign/`, `public/`, `info/` before `:bucketName/*`), because object names are
 * free-form paths.
 */
export function objectRoutes(storage: StorageContext): Hono {
  const app = new Hono();
  app.all('/*', async (c) => {
    const rest = storagePath(c, storage).replace(/^\/object\/?/, '');
    const method = c.req.method;
    const under = (prefix: string): string | undefined => (rest.startsWith(prefix) ? rest.slice(prefix.length) : undefined);
    const withKey = (value: string | undefined): ObjectPath | undefined => {
      if (value === undefined) return undefined;
      const path = splitPath(value);
      return path.key === undefined ? undefined : path;
    };
    const notFound = () => routeNotFound(c, storage);

    if (method === 'GET') {
      let path: ObjectPath | undefined;
      if ((path = withKey(under('public/'))) !== undefined) return getPublicObject(c, storage, path);
      if ((path = withKey(under('sign/'))) !== undefined) return getSignedObject(c, storage, path);
      if ((path = withKey(under('authenticated/'))) !== undefined) return getObject(c, storage, path, false);
      if ((path = withKey(under('info/public/'))) !== undefined) return objectInfo(c, storage, path, { head: false, publicRoute: true });
      if ((path = withKey(under('info/authenticated/'))) !== undefined) return objectInfo(c, storage, path, { head: false });
      if ((path = withKey(under('info/'))) !== undefined) return objectInfo(c, storage, path, { head: false, allowInvalidJwt: true });
      if ((path = withKey(rest)) !== undefined) return getObject(c, storage, path, true);
      return notFound();
    }
    if (method === 'HEAD') {
      let path: ObjectPath | undefined;
      if ((path = withKey(under('public/'))) !== undefined) return objectInfo(c, storage, path, { head: true, publicRoute: true });
      if ((path = withKey(under('authenticated/'))) !== undefined) return objectInfo(c, storage, path, { head: true });
      if ((path = withKey(rest)) !== undefined) return objectInfo(c, storage, path, { head: true, allowInvalidJwt: true });
      return notFound();
    }
    if (method === 'POST') {
      if (rest === 'move') return moveObject(c, storage);
      // Signed uploads and copies are not part of this subset (see README).
      if (rest === 'copy' || under('upload/sign/') !== undefined || under('list-v2/') !== undefined) return notFound();
      const sign = under('sign/');
      if (sign !== undefined) {
        const path = splitPath(sign);
        return path.key === undefined ? signObjects(c, storage, path.bucket) : signObject(c, storage, path);
      }
      const list = under('list/');
      if (list !== undefined && !list.includes('/')) return listObjects(c, storage, decode(list));
      const path = withKey(rest);
      return path === undefined ? notFound() : uploadObject(c, storage, path, false);
    }
    if (method === 'PUT') {
      if (under('upload/sign/') !== undefined) return notFound();
      const path = withKey(rest);
      return path === undefined ? notFound() : uploadObject(c, storage, path, true);
    }
    if (method === 'DELETE') {
      const path = splitPath(rest);
      if (path.bucket === '') return notFound();
      return path.key === undefined ? deleteObjects(c, storage, path.bucket) : deleteObject(c, storage, path);
    }
    return notFound();
  });
  return app;
}
