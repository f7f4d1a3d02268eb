import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startScriptFreeProxy, stripScripts, type ScriptFreeProxy } from './script-free';

const PAGE = [
  '<!DOCTYPE html><html><head>',
  '<link rel="stylesheet" href="/_next/static/css/a.css">',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>',
  '<link rel="modulepreload" href="/_next/static/chunks/c.js">',
  '<link rel="preload" as="font" href="/f.woff2" crossorigin="">',
  '<script src="/_next/static/chunks/d.js" async=""></script>',
  '</head><body><p>Maatwerk uit Zwolle</p>',
  '<script>self.__next_f.push([1,"<p>x</p>"])</script><script nonce="n">',
  'if (a < b) {}</script>',
  '</body></html>',
].join('');

describe('stripScripts', () => {
  it('removes every script element and script preload, and keeps everything else as it was', () => {
    expect(stripScripts(PAGE)).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/_next/static/css/a.css">' +
        '<link rel="preload" as="font" href="/f.woff2" crossorigin=""></head><body><p>Maatwerk uit Zwolle</p></body></html>',
    );
  });
});

let upstream: Server;
let proxy: ScriptFreeProxy;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url === '/page') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        etag: '"v1-br"',
        vary: 'Accept-Encoding',
      });
      res.end(brotliCompressSync(PAGE));
    } else {
      res.writeHead(200, { 'content-type': 'application/javascript', 'content-encoding': 'identity' });
      res.end('console.log(1)');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startScriptFreeProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await proxy.stop();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

function get(path: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${proxy.baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the script-free proxy', () => {
  it('serves our HTML without scripts, in the coding the server chose, without the real page’s validator', async () => {
    const { headers, body } = await get('/page');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-length']).toBe(String(body.length));
    expect(headers.etag).toBeUndefined();
    expect(headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(body).toString()).toBe(stripScripts(PAGE));
  });

  it('passes everything else through untouched', async () => {
    const { body } = await get('/_next/static/chunks/d.js');
    expect(body.toString()).toBe('console.log(1)');
  });
});
