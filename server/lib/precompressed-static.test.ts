import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { precompressDirectory } from './precompress';
import { precompressedStatic } from './precompressed-static';

const SCRIPT = `console.log(${JSON.stringify('Maatwerksoftware uit Zwolle. '.repeat(200))});`;
const STALE = `/* changed after the build */ ${SCRIPT}`;
const FONT = Buffer.alloc(2048, 7);

let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'precompressed-static-'));
  await mkdir(path.join(dir, 'static', 'chunks'), { recursive: true });
  await writeFile(path.join(dir, 'static', 'chunks', 'app.js'), SCRIPT);
  await writeFile(path.join(dir, 'static', 'chunks', 'stale.js'), SCRIPT);
  await writeFile(path.join(dir, 'static', 'font.woff2'), FONT);
  await writeFile(path.join(dir, 'secret.txt'), 'outside the static folder');
  await precompressDirectory(path.join(dir, 'static'));
  // A file rewritten after its copies were made: the copies hold the old bytes.
  await writeFile(path.join(dir, 'static', 'chunks', 'stale.js'), STALE);
  const later = new Date(Date.now() + 60_000);
  await utimes(path.join(dir, 'static', 'chunks', 'stale.js'), later, later);

  const staticFiles = await precompressedStatic(path.join(dir, 'static'));
  server = createServer((req, res) => {
    staticFiles(req, res, () => {
      res.statusCode = 404;
      res.end('next');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressedStatic', () => {
  it('sends the brotli copy to a browser that takes brotli, whole and cacheable for a year', async () => {
    const answer = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('answers a repeated request with the same tag with 304, and HEAD with the headers only', async () => {
    const first = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    const again = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const head = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('sends a file changed since its copies were made as it is now, not the old copy', async () => {
    const answer = await get('/_next/static/chunks/stale.js', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(STALE);
  });

  it('sends a file without copies as it is, with the same headers', async () => {
    const answer = await get('/_next/static/font.woff2', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.equals(FONT)).toBe(true);
  });

  it('leaves to Next a file that is not there, any other path, and any other method', async () => {
    for (const [pathname, method] of [
      ['/_next/static/chunks/missing.js', 'GET'],
      ['/about-us', 'GET'],
      ['/_next/static/chunks/app.js', 'POST'],
    ] as const) {
      const answer = await get(pathname, { 'accept-encoding': 'br' }, method);
      expect(answer.status, `${method} ${pathname}`).toBe(404);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.toString()).toBe('next');
    }
  });

  it('never serves a file outside its folder', async () => {
    for (const pathname of ['/_next/static/../secret.txt', '/_next/static/..%2fsecret.txt', '/_next/static/%2e%2e/secret.txt']) {
      const answer = await get(pathname);
      expect(answer.body.toString(), pathname).not.toContain('outside the static folder');
    }
  });

  it('answers a path that is not a file name with 400', async () => {
    const answer = await get('/_next/static/chunks/%E0%A4%A.js');
    expect(answer.status).toBe(400);
  });
});
