import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cachedCompression } from './cached-compression';

const PAGE = `<!doctype html><html><body>${'<p>Maatwerksoftware uit Zwolle.</p>'.repeat(200)}</body></html>`;
const PUBLIC = 's-maxage=31536000, stale-while-revalidate';

/** Each path answers as a kind of Next response does. */
const routes: Record<string, (res: ServerResponse) => void> = {
  '/page': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC);
    res.setHeader('Content-Length', Buffer.byteLength(PAGE));
    res.end(PAGE);
  },
  '/per-visitor': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    res.end(PAGE);
  },
  '/with-cookie': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC);
    res.setHeader('Set-Cookie', 'NEXT_LOCALE=en; Path=/');
    res.end(PAGE);
  },
  '/streamed': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC);
    res.write(PAGE.slice(0, 2000));
    res.end(PAGE.slice(2000));
  },
  '/buffer': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC);
    res.end(Buffer.from(PAGE));
  },
  '/not-found': (res) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC);
    res.end(PAGE);
  },
  '/small': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PUBLIC);
    res.end('<p>kort</p>');
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  const compress = cachedCompression();
  server = createServer((req, res) => {
    compress(req, res);
    (routes[req.url ?? ''] ?? routes['/not-found'])?.(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** fetch() would decode the body itself; this keeps the bytes as sent. */
async function get(path: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('a public page, the same for every visitor', () => {
  it('is sent compressed in the coding the client prefers, tagged, and varies by Accept-Encoding', async () => {
    const br = await get('/page', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await get('/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);

    const identity = await get('/page');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(PAGE);
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
  });

  it('has a strong ETag per coding: one version, three different byte sequences', async () => {
    const [br, gzip, identity] = await Promise.all([
      get('/page', { 'accept-encoding': 'br' }),
      get('/page', { 'accept-encoding': 'gzip' }),
      get('/page', { 'accept-encoding': 'identity' }),
    ]);
    const version = String(identity.headers.etag);
    expect(version).toMatch(/^"[\w-]+"$/);
    expect(br.headers.etag).toBe(`${version.slice(0, -1)}-br"`);
    expect(gzip.headers.etag).toBe(`${version.slice(0, -1)}-gz"`);
  });

  it('answers 304 for the version the client holds, whichever coding it holds it in, with the tag it would send now', async () => {
    const gzip = await get('/page', { 'accept-encoding': 'gzip' });
    const brNow = await get('/page', { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) });
    expect(brNow.status).toBe(304);
    expect(brNow.headers.etag).toMatch(/-br"$/);
    const identityNow = await get('/page', { 'if-none-match': `W/${String(gzip.headers.etag)}` });
    expect(identityNow.status).toBe(304);
    expect(identityNow.headers.etag).not.toMatch(/-(br|gz)"$/);
  });

  it('comes out of the cache byte for byte the same on the next request', async () => {
    const first = await get('/page', { 'accept-encoding': 'br' });
    const second = await get('/page', { 'accept-encoding': 'br' });
    expect(second.body.equals(first.body)).toBe(true);
  });

  it('is answered 304 without a body when the client already holds this version', async () => {
    const { headers } = await get('/page', { 'accept-encoding': 'gzip' });
    const again = await get('/page', { 'accept-encoding': 'gzip', 'if-none-match': `W/"other", ${String(headers.etag)}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(headers.etag);
    const stale = await get('/page', { 'accept-encoding': 'gzip', 'if-none-match': '"an-older-version"' });
    expect(stale.status).toBe(200);
  });
});

describe('everything else', () => {
  it.each(['/per-visitor', '/with-cookie', '/streamed', '/buffer', '/not-found'])(
    '%s is compressed per response and not tagged or cached',
    async (path) => {
      const response = await get(path, { 'accept-encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.etag).toBeUndefined();
      expect(gunzipSync(response.body).toString()).toBe(PAGE);
    },
  );

  it('leaves a body too small to gain from compression as it is', async () => {
    const response = await get('/small', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe('<p>kort</p>');
  });
});
