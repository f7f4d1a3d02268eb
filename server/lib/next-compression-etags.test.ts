import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import compression from 'compression';
import { sendEtagResponse } from 'next/dist/server/send-payload';
import { serveStatic } from 'next/dist/server/serve-static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tagNextCompressionPerCoding } from './next-compression-etags';

/*
 * The server is put together as `next start` puts it: the compression middleware in front, and
 * behind it Next's own code that tags a response and answers 304 (send-payload for pages,
 * serve-static for files).
 */
const PAGE = `<!doctype html><html><body>${'<p>Maatwerksoftware uit Zwolle.</p>'.repeat(100)}</body></html>`;
const PAGE_TAG = '"k3j9x2ab1f"';
const IMAGE = Buffer.alloc(4096, 7);

let server: Server;
let base: string;
let folder: string;
let uninstall: () => void;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'next-etags-'));
  await writeFile(path.join(folder, 'site.css'), `body{margin:0}\n${'.a{color:red}\n'.repeat(200)}`);
  uninstall = tagNextCompressionPerCoding();
  const compress = compression();
  server = createServer((req, res) => {
    // Its types ask for Express's request and response; it reads only what Node's have.
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => undefined);
    if (req.url === '/site.css') {
      void serveStatic(req, res, path.join(folder, 'site.css'));
      return;
    }
    const image = req.url === '/image.png';
    if (sendEtagResponse(req, res, image ? '"img1"' : PAGE_TAG)) return;
    res.setHeader('Content-Type', image ? 'image/png' : 'text/html; charset=utf-8');
    res.end(image ? IMAGE : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  uninstall();
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

/** Not fetch(): its conditional requests also say `Cache-Control: no-cache`, which turns every 304 into a 200. */
function request(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    get(`${base}${pathname}`, { headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    }).on('error', reject);
  });
}

describe("Next's compression with an ETag per coding", () => {
  it('tags the gzip bytes of a page apart from the plain bytes', async () => {
    const gzip = await request('/page', { 'accept-encoding': 'gzip' });
    const identity = await request('/page', { 'accept-encoding': 'identity' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe('"k3j9x2ab1f-gz"');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.etag).toBe(PAGE_TAG);
  });

  it('answers 304 to each coding’s own tag, naming that tag', async () => {
    for (const { coding, etag } of [
      { coding: 'gzip', etag: '"k3j9x2ab1f-gz"' },
      { coding: 'identity', etag: PAGE_TAG },
    ]) {
      const again = await request('/page', { 'accept-encoding': coding, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(etag);
    }
  });

  it('answers 304 with the tag of the preferred coding when the cache holds several', async () => {
    const held = `"other", ${PAGE_TAG}, "k3j9x2ab1f-gz"`;
    expect((await request('/page', { 'accept-encoding': 'gzip', 'if-none-match': held })).headers.etag).toBe('"k3j9x2ab1f-gz"');
    expect((await request('/page', { 'accept-encoding': 'identity', 'if-none-match': held })).headers.etag).toBe(PAGE_TAG);
  });

  it('sends the page again for another version', async () => {
    const again = await request('/page', { 'accept-encoding': 'gzip', 'if-none-match': '"older-gz"' });
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe('"k3j9x2ab1f-gz"');
  });

  it('tags a static file’s weak tag per coding, and revalidates it', async () => {
    const gzip = await request('/site.css', { 'accept-encoding': 'gzip' });
    const identity = await request('/site.css', { 'accept-encoding': 'identity' });
    expect(identity.headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(gzip.headers.etag).toBe(`${String(identity.headers.etag).slice(0, -1)}-gz"`);
    const again = await request('/site.css', { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(gzip.headers.etag);
  });

  it('leaves the tag of a response it does not compress as it is', async () => {
    const image = await request('/image.png', { 'accept-encoding': 'gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.etag).toBe('"img1"');
    const again = await request('/image.png', { 'accept-encoding': 'gzip', 'if-none-match': '"img1"' });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe('"img1"');
  });
});
