import { randomUUID } from 'node:crypto';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO, STAFF, rewriteJwt, startTestBackend, type TestBackend } from './helpers';

const STORAGE_MIGRATIONS = path.join(import.meta.dirname, 'storage-migrations');

let backend: TestBackend;
let admin: SupabaseClient;
let demo: SupabaseClient;
let staff: SupabaseClient;
let demoId: string;
let staffId: string;
let demoToken: string;

async function signedIn(account: typeof DEMO): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const client = backend.client();
  const { data, error } = await client.auth.signInWithPassword(account);
  if (error !== null || data.session === null) throw error ?? new Error('no session');
  return { client, id: data.session.user.id, token: data.session.access_token };
}

/** Clients for the backend as it runs now; the restart test moves it to another port. */
async function connect(): Promise<void> {
  admin = backend.admin();
  ({ client: demo, id: demoId, token: demoToken } = await signedIn(DEMO));
  ({ client: staff, id: staffId } = await signedIn(STAFF));
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: STORAGE_MIGRATIONS });
  await connect();
});
afterAll(async () => {
  await backend?.close();
});

const text = (body: string, type = 'text/plain') => new Blob([body], { type });

/** What storage-js reports for an error answer: HTTP status, the body's statusCode and code. */
function apiError(error: unknown): { status: unknown; statusCode: unknown; code: unknown; message: unknown } {
  const { status, statusCode, code, message } = (error ?? {}) as Record<string, unknown>;
  return { status, statusCode, code, message };
}

const objectFiles = async (): Promise<string[]> => readdir(path.join(backend.dataDir, 'storage', 'objects'));
const incomingFiles = async (): Promise<string[]> => readdir(path.join(backend.dataDir, 'storage', 'incoming'));

function storageFetch(pathname: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set('Authorization', `Bearer ${init.token}`);
  return backend.fetch(`/storage/v1${pathname}`, { ...init, headers });
}

describe('buckets', () => {
  it('reads a bucket made by a migration, with its limits, for the service role', async () => {
    expect(await admin.storage.getBucket('docs')).toMatchObject({
      data: { id: 'docs', name: 'docs', public: false, file_size_limit: 1024, allowed_mime_types: ['text/plain', 'application/pdf'] },
      error: null,
    });
    expect(apiError((await admin.storage.getBucket('reports')).error)).toEqual({
      status: 400,
      statusCode: '404',
      code: 'NoSuchBucket',
      message: 'Bucket not found',
    });
  });

  it('buckets are under RLS: without a policy on storage.buckets users and anon see nothing', async () => {
    for (const client of [demo, backend.client()]) {
      expect(apiError((await client.storage.getBucket('docs')).error).code).toBe('NoSuchBucket');
    }
  });

  it("answers the bucket routes outside the contract with Storage's 404: buckets are made by migrations", async () => {
    for (const [pathname, method] of [
      ['/bucket', 'GET'],
      ['/bucket', 'POST'],
      ['/bucket/docs', 'PUT'],
      ['/bucket/docs', 'DELETE'],
      ['/bucket/docs/empty', 'POST'],
    ] as const) {
      const response = await storageFetch(pathname, { method, token: backend.serviceRoleKey });
      expect(response.status, `${method} ${pathname}`).toBe(404);
      expect(await response.json()).toMatchObject({
        statusCode: '404',
        code: 'InvalidRequest',
        message: `Route ${method}:${pathname} not found`,
      });
    }
    expect((await admin.storage.getBucket('docs')).data?.id).toBe('docs');
  });
});

describe('objects, as the service role', () => {
  it('uploads multipart and raw bodies, downloads the same bytes, and honours x-upsert', async () => {
    const bucket = admin.storage.from('locked');
    const filesBefore = (await objectFiles()).length;
    const uploaded = await bucket.upload('svc/one.txt', text('first'));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: 'svc/one.txt', fullPath: 'locked/svc/one.txt' });
    expect(uploaded.data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await (await bucket.download('svc/one.txt')).data?.text()).toBe('first');

    const duplicate = await bucket.upload('svc/one.txt', text('again'));
    expect(apiError(duplicate.error)).toEqual({
      status: 400,
      statusCode: '409',
      code: 'KeyAlreadyExists',
      message: 'The resource already exists',
    });
    expect((await bucket.upload('svc/one.txt', text('second'), { upsert: true })).error).toBeNull();
    expect(await (await bucket.download('svc/one.txt')).data?.text()).toBe('second');

    const raw = await bucket.upload('svc/two.bin', Buffer.from([0, 1, 2, 250]), {
      contentType: 'application/octet-stream',
      cacheControl: '60',
    });
    expect(raw.error).toBeNull();
    const response = await storageFetch('/object/locked/svc/two.bin', { token: backend.serviceRoleKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 250]));

    expect((await bucket.upload('svc/two.bin', text('replaced'), { upsert: true })).error).toBeNull();
    expect(await (await bucket.download('svc/two.bin')).data?.text()).toBe('replaced');
    // Overwritten versions leave no bytes behind.
    expect((await objectFiles()).length).toBe(filesBefore + 2);
  });

  it('serves byte ranges, conditional requests, downloads as attachments and HEAD', async () => {
    const bucket = admin.storage.from('locked');
    await bucket.upload('svc/range.txt', text('0123456789'));
    const range = await storageFetch('/object/locked/svc/range.txt', {
      token: backend.serviceRoleKey,
      headers: { Range: 'bytes=2-4' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await range.text()).toBe('234');
    const etag = range.headers.get('etag') ?? '';
    const cached = await storageFetch('/object/locked/svc/range.txt', {
      token: backend.serviceRoleKey,
      headers: { 'If-None-Match': etag },
    });
    expect(cached.status).toBe(304);
    const badRange = await storageFetch('/object/locked/svc/range.txt', {
      token: backend.serviceRoleKey,
      headers: { Range: 'bytes=50-60' },
    });
    expect(badRange.status).toBe(416);
    const attachment = await storageFetch('/object/locked/svc/range.txt?download=report%201.txt', { token: backend.serviceRoleKey });
    expect(attachment.headers.get('content-disposition')).toBe("attachment; filename=report%201.txt; filename*=UTF-8''report%201.txt");
    expect(attachment.headers.get('x-content-type-options')).toBe('nosniff');

    const head = await storageFetch('/object/locked/svc/range.txt', { method: 'HEAD', token: backend.serviceRoleKey });
    expect(head.status).toBe(200);
    expect([head.headers.get('content-length'), head.headers.get('content-type'), head.headers.get('etag')]).toEqual([
      '10',
      'text/plain',
      etag,
    ]);
    expect(await head.text()).toBe('');
  });

  it('a public bucket serves its objects without a token; a private one does not', async () => {
    await admin.storage.from('open').upload('logo.txt', text('hi'));
    const { publicUrl } = admin.storage.from('open').getPublicUrl('logo.txt').data;
    const open = await fetch(publicUrl);
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('hi');
    expect((await storageFetch('/object/open/logo.txt')).status).toBe(200);

    await admin.storage.from('locked').upload('secret.txt', text('no'));
    for (const pathname of ['/object/public/locked/secret.txt', '/object/locked/secret.txt']) {
      const closed = await storageFetch(pathname);
      expect(closed.status).toBe(400);
      expect(await closed.json()).toEqual({
        statusCode: '404',
        error: 'Bucket not found',
        message: 'Bucket not found',
        code: 'NoSuchBucket',
      });
    }
  });
});

describe('public bucket reads (what <img src> on a post fetches)', () => {
  it('serve the bytes with the cache lifetime given at upload, an ETag, and 304 for a fresh copy', async () => {
    const name = `${randomUUID()}/960.webp`;
    expect((await admin.storage.from('open').upload(name, text('RIFFWEBP', 'image/webp'), { cacheControl: '31536000' })).error).toBeNull();

    const first = await storageFetch(`/object/public/open/${name}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('RIFFWEBP');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect({
      type: first.headers.get('content-type'),
      cache: first.headers.get('cache-control'),
      length: first.headers.get('content-length'),
      ranges: first.headers.get('accept-ranges'),
    }).toEqual({ type: 'image/webp', cache: 'max-age=31536000', length: '8', ranges: 'bytes' });
    expect(first.headers.get('last-modified')).not.toBeNull();

    const again = await storageFetch(`/object/public/open/${name}`, { headers: { 'If-None-Match': etag ?? '' } });
    expect([again.status, await again.text()]).toEqual([304, '']);
    const stale = await storageFetch(`/object/public/open/${name}`, { headers: { 'If-None-Match': '"other"' } });
    expect([stale.status, stale.headers.get('cache-control')]).toEqual([200, 'max-age=31536000, stale-while-revalidate=30']);
  });

  it('answer a missing object, a bucket that does not exist and an invalid name as hosted Storage does', async () => {
    const missing = await storageFetch(`/object/public/open/${randomUUID()}.webp`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found', code: 'NoSuchKey' });

    const noBucket = await storageFetch('/object/public/no-such-bucket/x.webp');
    expect(noBucket.status).toBe(400);
    expect(await noBucket.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });
});

describe('objects under RLS', () => {
  it('a user allowed by a policy uploads, reads, lists and signs in their own folder', async () => {
    const bucket = demo.storage.from('docs');
    expect((await bucket.upload(`${demoId}/own/cv.txt`, text('my cv'))).error).toBeNull();
    expect((await bucket.upload(`${demoId}/own/letter.pdf`, Buffer.from('%PDF-1.7'), { contentType: 'application/pdf' })).error).toBeNull();
    expect(await (await bucket.download(`${demoId}/own/cv.txt`)).data?.text()).toBe('my cv');
    const { data: listed } = await bucket.list(`${demoId}/own`);
    expect(listed?.map((entry) => entry.name)).toEqual(['cv.txt', 'letter.pdf']);
    expect(listed?.[0]?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain', cacheControl: 'max-age=3600' });
    const { data: signed } = await bucket.createSignedUrl(`${demoId}/own/cv.txt`, 60);
    expect(await (await fetch(signed?.signedUrl ?? '')).text()).toBe('my cv');
  });

  it("a user is refused another user's folder: upload, read, list, sign, move and remove", async () => {
    await admin.storage.from('docs').upload(`${staffId}/notes.txt`, text('staff only'), { upsert: true });
    const bucket = demo.storage.from('docs');
    expect(apiError((await bucket.upload(`${staffId}/planted.txt`, text('x'))).error)).toEqual({
      status: 400,
      statusCode: '403',
      code: 'AccessDenied',
      message: 'new row violates row-level security policy',
    });
    expect(apiError((await bucket.download(`${staffId}/notes.txt`)).error)).toMatchObject({ status: 400 });
    const read = await storageFetch(`/object/docs/${staffId}/notes.txt`, { token: demoToken });
    expect(await read.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found', code: 'NoSuchKey' });
    expect((await bucket.list(staffId)).data).toEqual([]);
    expect(apiError((await bucket.createSignedUrl(`${staffId}/notes.txt`, 60)).error).code).toBe('NoSuchKey');
    expect(apiError((await bucket.move(`${staffId}/notes.txt`, `${demoId}/stolen.txt`)).error).code).toBe('NoSuchKey');
    expect((await bucket.remove([`${staffId}/notes.txt`])).data).toEqual([]);
    expect(await (await admin.storage.from('docs').download(`${staffId}/notes.txt`)).data?.text()).toBe('staff only');
    // The other user reads their own file.
    expect(await (await staff.storage.from('docs').download(`${staffId}/notes.txt`)).data?.text()).toBe('staff only');
  });

  it('anon is refused everything in a private bucket', async () => {
    await admin.storage.from('docs').upload(`${demoId}/cv.txt`, text('my cv'), { upsert: true });
    const bucket = backend.client().storage.from('docs');
    expect(apiError((await bucket.upload(`${demoId}/anon.txt`, text('x'))).error)).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
    });
    expect(apiError((await bucket.download(`${demoId}/cv.txt`)).error)).toMatchObject({ status: 400 });
    expect((await bucket.list(demoId)).data).toEqual([]);
    expect(apiError((await bucket.createSignedUrl(`${demoId}/cv.txt`, 60)).error).code).toBe('NoSuchKey');
    expect((await bucket.remove([`${demoId}/cv.txt`])).data).toEqual([]);
    // Without any token the routes that need one refuse before looking at the object.
    const bare = await storageFetch(`/object/sign/docs/${demoId}/cv.txt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    expect(await bare.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });

  it('a user without a policy on the bucket can do nothing, not even in their own folder', async () => {
    await admin.storage.from('locked').upload(`${demoId}/given.txt`, text('from staff'));
    const bucket = demo.storage.from('locked');
    expect(apiError((await bucket.upload(`${demoId}/mine.txt`, text('x'))).error).code).toBe('AccessDenied');
    expect(apiError((await bucket.download(`${demoId}/given.txt`)).error)).toMatchObject({ status: 400 });
    expect((await bucket.list(demoId)).data).toEqual([]);
    expect(apiError((await bucket.createSignedUrl(`${demoId}/given.txt`, 60)).error).code).toBe('NoSuchKey');
    expect(apiError((await bucket.move(`${demoId}/given.txt`, `${demoId}/moved.txt`)).error).code).toBe('NoSuchKey');
    expect(apiError((await bucket.upload(`${demoId}/given.txt`, text('overwritten'), { upsert: true })).error).code).toBe('AccessDenied');
    expect((await bucket.remove([`${demoId}/given.txt`])).data).toEqual([]);
    expect(await (await admin.storage.from('locked').download(`${demoId}/given.txt`)).data?.text()).toBe('from staff');
  });

  it('storage rows cannot be deleted by plain SQL, only through the API (protect_delete)', async () => {
    const { error } = await admin.rpc('delete_storage_rows_directly');
    expect(error).toMatchObject({
      code: '42501',
      message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    });
  });
});

describe('bucket limits', () => {
  it('refuses a file over file_size_limit, multipart or raw, with 413 in the body, and keeps nothing', async () => {
    const before = await objectFiles();
    const bucket = demo.storage.from('docs');
    expect((await bucket.upload(`${demoId}/exact.txt`, text('x'.repeat(1024)))).error).toBeNull();
    const tooLarge = { status: 400, statusCode: '413', code: 'EntityTooLarge', message: 'The object exceeded the maximum allowed size' };
    expect(apiError((await bucket.upload(`${demoId}/big.txt`, text('x'.repeat(1025)))).error)).toEqual(tooLarge);
    expect(apiError((await bucket.upload(`${demoId}/big.pdf`, Buffer.alloc(5000), { contentType: 'application/pdf' })).error)).toEqual(
      tooLarge,
    );

    // Chunked, so the size is only known while the bytes arrive; far more than the limit, so
    // the answer comes while the client is still sending.
    let sent = 0;
    const chunked = await storageFetch(`/object/docs/${demoId}/chunked.pdf`, {
      method: 'POST',
      token: demoToken,
      headers: { 'Content-Type': 'application/pdf' },
      body: new ReadableStream({
        pull(controller) {
          if (sent >= 64) {
            controller.close();
            return;
          }
          sent += 1;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      }),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(chunked.status).toBe(400);
    expect(await chunked.json()).toEqual({
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
      code: 'EntityTooLarge',
    });

    const names = (await bucket.list(demoId)).data?.map((entry) => entry.name);
    expect(names).toContain('exact.txt');
    expect(names).not.toContain('big.txt');
    expect(names).not.toContain('chunked.pdf');
    expect((await objectFiles()).length).toBe(before.length + 1);
    expect(await incomingFiles()).toEqual([]);
  });

  it('refuses a type outside allowed_mime_types with 415 in the body, as Storage compares types', async () => {
    const bucket = demo.storage.from('docs');
    const refused = await bucket.upload(`${demoId}/photo.png`, text('png', 'image/png'));
    expect(apiError(refused.error)).toEqual({
      status: 400,
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type image/png is not supported',
    });
    // storage-js's default raw content type carries a charset, which Storage does not strip.
    const charset = await bucket.upload(`${demoId}/plain.txt`, Buffer.from('x'));
    expect(apiError(charset.error)).toMatchObject({ statusCode: '415', message: 'mime type text/plain;charset=UTF-8 is not supported' });
    const response = await storageFetch(`/object/docs/${demoId}/odd.txt`, {
      method: 'POST',
      token: demoToken,
      headers: { 'Content-Type': 'notamimetype' },
      body: 'x',
    });
    expect(await response.json()).toEqual({
      statusCode: '415',
      error: 'invalid_mime_type',
      message: 'Invalid Content-Type header',
      code: 'InvalidMimeType',
    });
  });
});

describe('signed URLs', () => {
  it('serve the object while valid and refuse it once expired', async () => {
    await admin.storage.from('locked').upload('signed/file.txt', text('signed bytes'));
    const { data, error } = await admin.storage.from('locked').createSignedUrl('signed/file.txt', 60);
    expect(error).toBeNull();
    const url = data?.signedUrl ?? '';
    expect(url).toMatch(/\/storage\/v1\/object\/sign\/locked\/signed\/file\.txt\?token=/);
    const valid = await fetch(url);
    expect(valid.status).toBe(200);
    expect(valid.headers.get('expires')).not.toBeNull();
    // A signed URL is a bearer link to a private object: no cache keeps it, no browser sniffs it.
    expect(valid.headers.get('cache-control')).toBe('private, no-store');
    expect(valid.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await valid.text()).toBe('signed bytes');
    expect((await fetch(`${url}&download=copy.txt`)).headers.get('content-disposition')).toContain('attachment; filename=copy.txt');

    const { data: short } = await admin.storage.from('locked').createSignedUrl('signed/file.txt', 1);
    // `exp` has whole seconds: past 2 s the token has expired whenever it was issued.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short?.signedUrl ?? '');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '400',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
      code: 'InvalidJWT',
    });
  });

  it('refuse a tampered token, a token for another path and an access token', async () => {
    await admin.storage.from('locked').upload('signed/a.txt', text('a'));
    await admin.storage.from('locked').upload('signed/b.txt', text('b'));
    const { data } = await admin.storage.from('locked').createSignedUrl('signed/a.txt', 60);
    const token = new URL(data?.signedUrl ?? '').searchParams.get('token') ?? '';

    const forged = rewriteJwt(token, { payload: { url: 'locked/signed/b.txt' } });
    const tampered = await storageFetch(`/object/sign/locked/signed/b.txt?token=${forged}`);
    expect(await tampered.json()).toEqual({
      statusCode: '400',
      error: 'InvalidJWT',
      message: 'signature verification failed',
      code: 'InvalidJWT',
    });

    const otherPath = await storageFetch(`/object/sign/locked/signed/b.txt?token=${token}`);
    expect(await otherPath.json()).toEqual({
      statusCode: '400',
      error: 'InvalidSignature',
      message: 'Invalid signature',
      code: 'InvalidSignature',
    });

    const accessToken = await storageFetch(`/object/sign/docs/${demoId}/cv.txt?token=${demoToken}`);
    expect(await accessToken.json()).toMatchObject({ code: 'InvalidSignature' });

    const missing = await storageFetch('/object/sign/locked/signed/a.txt');
    expect(await missing.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidRequest',
      message: "querystring must have required property 'token'",
    });
  });

  it('refuse an expiry that is not a positive whole number of seconds', async () => {
    await admin.storage.from('locked').upload('signed/expiry.txt', text('e'), { upsert: true });
    expect(apiError((await admin.storage.from('locked').createSignedUrl('signed/expiry.txt', 0)).error)).toMatchObject({
      statusCode: '400',
      code: 'InvalidRequest',
      message: 'body/expiresIn must be >= 1',
    });
    expect(apiError((await admin.storage.from('locked').createSignedUrl('signed/expiry.txt', 1e21)).error)).toMatchObject({
      code: 'InvalidParameter',
      message: 'Invalid Parameter expiresIn',
    });
  });
});

describe('move, list and remove', () => {
  it('moves within the own folder, not into another one, not onto an existing key', async () => {
    const bucket = demo.storage.from('docs');
    await bucket.upload(`${demoId}/cv.txt`, text('my cv'), { upsert: true });
    await bucket.upload(`${demoId}/move-me.txt`, text('moving'));
    expect(await bucket.move(`${demoId}/move-me.txt`, `${demoId}/archive/moved.txt`)).toEqual({
      data: { message: 'Successfully moved' },
      error: null,
    });
    expect(await (await bucket.download(`${demoId}/archive/moved.txt`)).data?.text()).toBe('moving');
    expect(apiError((await bucket.download(`${demoId}/move-me.txt`)).error)).toMatchObject({ status: 400 });

    expect(apiError((await bucket.move(`${demoId}/archive/moved.txt`, `${staffId}/gift.txt`)).error)).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'new row violates row-level security policy',
    });
    expect(apiError((await bucket.move(`${demoId}/archive/moved.txt`, `${demoId}/cv.txt`)).error)).toMatchObject({
      statusCode: '409',
      code: 'ResourceAlreadyExists',
    });
    expect(apiError((await bucket.move(`${demoId}/nothing.txt`, `${demoId}/x.txt`)).error)).toMatchObject({
      statusCode: '404',
      code: 'NoSuchKey',
    });
  });

  it('lists one folder level with limit, offset, sorting and search', async () => {
    const bucket = admin.storage.from('locked');
    for (const name of ['b.txt', 'a.txt', 'C.txt', 'sub/x.txt', 'sub/deeper/y.txt']) await bucket.upload(`list/${name}`, text(name));
    const names = async (options?: Parameters<typeof bucket.list>[1]) =>
      (await bucket.list('list', options)).data?.map((entry) => entry.name);
    expect(await names()).toEqual(['a.txt', 'b.txt', 'C.txt', 'sub']);
    expect((await bucket.list('list')).data?.find((entry) => entry.name === 'sub')).toMatchObject({ id: null, metadata: null });
    expect(await names({ limit: 2 })).toEqual(['a.txt', 'b.txt']);
    expect(await names({ limit: 2, offset: 2 })).toEqual(['C.txt', 'sub']);
    expect(await names({ sortBy: { column: 'name', order: 'desc' } })).toEqual(['sub', 'C.txt', 'b.txt', 'a.txt']);
    expect(await names({ search: 'b' })).toEqual(['b.txt']);
    expect(await names({ sortBy: { column: 'created_at', order: 'asc' } })).toEqual(['sub', 'b.txt', 'a.txt', 'C.txt']);
    expect((await bucket.list('list/sub')).data?.map((entry) => entry.name)).toEqual(['deeper', 'x.txt']);
  });

  it('removes in bulk only what RLS lets the caller delete, and the bytes with the rows', async () => {
    await admin.storage.from('docs').upload(`${staffId}/notes.txt`, text('staff only'), { upsert: true });
    await demo.storage.from('docs').upload(`${demoId}/r1.txt`, text('1'));
    await demo.storage.from('docs').upload(`${demoId}/r2.txt`, text('2'));
    const before = (await objectFiles()).length;
    const { data, error } = await demo.storage
      .from('docs')
      .remove([`${demoId}/r1.txt`, `${demoId}/r2.txt`, `${staffId}/notes.txt`, `${demoId}/never.txt`]);
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name).sort()).toEqual([`${demoId}/r1.txt`, `${demoId}/r2.txt`]);
    expect((await objectFiles()).length).toBe(before - 2);
    expect((await admin.storage.from('docs').download(`${staffId}/notes.txt`)).error).toBeNull();
  });
});

describe('object names and file handling', () => {
  it('validates names as Storage does and never lets a name reach the file system', async () => {
    const bucket = admin.storage.from('locked');
    expect(apiError((await bucket.upload('naïve.txt', text('x'))).error)).toMatchObject({
      statusCode: '400',
      code: 'InvalidKey',
      message: 'Invalid key: naïve.txt',
    });
    // (A backslash would not do: URL parsing turns it into `/` before the request is sent.)
    expect(apiError((await bucket.upload('curly{brace}.txt', text('x'))).error).code).toBe('InvalidKey');

    // `..` is legal in an S3 key; it names an object, not a place on disk. Clients collapse it
    // in URLs, so it arrives in a JSON body (move) or in a raw request line.
    const traversal = '../../../../escape.txt';
    expect((await bucket.upload('escape-source.txt', text('contained'))).error).toBeNull();
    expect((await bucket.move('escape-source.txt', traversal)).error).toBeNull();
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const url = new URL(backend.url);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/storage/v1/object/locked/../../../../escape-raw.txt',
          headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, 'Content-Type': 'text/plain' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on('error', reject);
      request.end('raw');
    });
    expect(status).toBeDefined();
    const entries = await readdir(backend.dataDir, { recursive: true });
    expect(entries.filter((entry) => entry.includes('escape'))).toEqual([]);
    // Where a store that joined names into paths would have written them.
    for (const name of ['escape.txt', 'escape-raw.txt']) {
      for (const base of [
        backend.dataDir,
        path.join(backend.dataDir, 'storage'),
        path.join(backend.dataDir, 'storage', 'objects', 'locked'),
      ]) {
        await expect(stat(path.resolve(base, '../../../..', name))).rejects.toThrow();
      }
    }
    expect((await objectFiles()).every((entry) => /^[0-9a-f-]{36}$/.test(entry))).toBe(true);
    const { data: removed } = await bucket.remove([traversal]);
    expect(removed?.map((entry) => entry.name)).toEqual([traversal]);
  });

  it("answers routes outside the subset with Storage's 404, never as an upload into a bucket of that name", async () => {
    expect((await admin.storage.from('locked').upload('svc/routes.txt', text('kept'))).error).toBeNull();
    const copy = await admin.storage.from('locked').copy('svc/routes.txt', 'svc/copy.txt');
    expect(apiError(copy.error)).toEqual({
      status: 404,
      statusCode: '404',
      code: 'InvalidRequest',
      message: 'Route POST:/object/copy not found',
    });
    expect(apiError((await admin.storage.from('locked').createSignedUploadUrl('svc/later.txt')).error).status).toBe(404);
    expect(apiError((await admin.storage.from('locked').listV2()).error).status).toBe(404);
    expect(apiError((await admin.storage.from('locked').createSignedUrls(['svc/routes.txt'], 60)).error).status).toBe(404);
    expect(apiError((await admin.storage.from('locked').update('svc/routes.txt', text('x'))).error).status).toBe(404);
    const single = await storageFetch('/object/locked/svc/routes.txt', { method: 'DELETE', token: backend.serviceRoleKey });
    expect(await single.json()).toMatchObject({ statusCode: '404', message: 'Route DELETE:/object/locked/svc/routes.txt not found' });
    expect(await (await admin.storage.from('locked').download('svc/routes.txt')).data?.text()).toBe('kept');
  });

  it.each([
    ['raw', false],
    ['multipart', true],
  ])('streams a %s upload to disk while it arrives instead of buffering it', async (_kind, multipart) => {
    const name = `stream/${multipart ? 'multi' : 'raw'}.bin`;
    const chunk = new Uint8Array(1024 * 1024).fill(7);
    const boundary = 'storage-test-boundary';
    const encoder = new TextEncoder();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        if (multipart) {
          controller.enqueue(
            encoder.encode(
              `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
            ),
          );
        }
        controller.enqueue(chunk);
        // The rest is only sent once the server has written the first megabyte to disk.
        await gate;
        controller.enqueue(chunk);
        if (multipart) controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const response = storageFetch(`/object/locked/${name}`, {
      method: 'POST',
      token: backend.serviceRoleKey,
      headers: { 'Content-Type': multipart ? `multipart/form-data; boundary=${boundary}` : 'application/octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });

    const incoming = path.join(backend.dataDir, 'storage', 'incoming');
    const deadline = Date.now() + 15_000;
    let written = 0;
    while (written < chunk.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const files = await readdir(incoming);
      written =
        files.length === 0 ? 0 : Math.max(...(await Promise.all(files.map(async (file) => (await stat(path.join(incoming, file))).size))));
    }
    expect(written).toBeGreaterThanOrEqual(chunk.length);
    release();
    const result = await response;
    expect(result.status).toBe(200);
    const { data } = await admin.storage.from('locked').download(name);
    expect(data?.size).toBe(2 * chunk.length);
  });
});

describe('restart', () => {
  it('keeps objects across a restart and removes files no row refers to', async () => {
    await admin.storage.from('locked').upload('persist/kept.txt', text('kept'));
    const orphan = path.join(backend.dataDir, 'storage', 'objects', randomUUID());
    await writeFile(orphan, 'bytes whose row was deleted behind the API');
    const dataDir = backend.dataDir;
    await backend.stop();
    const restarted = await startTestBackend({ migrationsDir: STORAGE_MIGRATIONS, dataDir });
    backend = {
      ...restarted,
      async close() {
        await restarted.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    // The tests that run after this one use the restarted backend.
    await connect();
    expect(await (await admin.storage.from('locked').download('persist/kept.txt')).data?.text()).toBe('kept');
    await expect(stat(orphan)).rejects.toThrow();
    expect((await objectFiles()).length).toBeGreaterThan(0);
  });
});
