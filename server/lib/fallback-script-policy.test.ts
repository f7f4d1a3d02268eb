import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fallbackScriptPolicy } from './fallback-script-policy';

const CONTENT_POLICY = "img-src 'self'; object-src 'none'";
const HASH_POLICY = "script-src 'self' 'sha256-47DEQpj8HBSa+/TZIW5ZyAkJpMnUUPx6nQ9s8MDjhoA='; object-src 'none'";

/** The nonce Next would read from the request: the one the page's inline scripts carry. */
function requestNonce(req: IncomingMessage): string {
  return /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1] ?? '';
}

/** Each path answers as a kind of Next response does, and echoes the nonce it rendered with. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/streamed-404': (req, res) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', CONTENT_POLICY);
    res.write(`<script nonce="${requestNonce(req)}">`);
    res.end('</script>');
  },
  '/prerendered': (req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', [CONTENT_POLICY, HASH_POLICY]);
    res.end('<script></script>');
  },
  '/proxied': (req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', `script-src 'nonce-fromtheproxy'; object-src 'none', ${CONTENT_POLICY}`);
    res.end('<script nonce="fromtheproxy"></script>');
  },
  '/json': (req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Security-Policy', CONTENT_POLICY);
    res.end('{}');
  },
};

let server: Server;
let origin = '';
beforeAll(async () => {
  const scriptPolicy = fallbackScriptPolicy();
  server = createServer((req, res) => {
    scriptPolicy(req, res);
    (routes[req.url ?? ''] ?? ((_, response) => response.writeHead(500).end()))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { headers });
  const body = await response.text();
  const policies = (response.headers.get('content-security-policy') ?? '').split(',').map((policy) => policy.trim());
  return { body, policies, scriptPolicies: policies.filter((policy) => policy.startsWith('script-src')) };
}

describe('the script policy for pages that leave without one', () => {
  it('gives an HTML page rendered without a script policy the nonce its scripts were rendered with', async () => {
    const { body, policies, scriptPolicies } = await get('/streamed-404');
    const nonce = /nonce="([^"]+)"/.exec(body)?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(scriptPolicies).toEqual([
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://www.googletagmanager.com; object-src 'none'; base-uri 'self'`,
    ]);
    expect(policies).toContain(CONTENT_POLICY);
  });

  it('uses a fresh nonce for every request', async () => {
    const [first, second] = await Promise.all([get('/streamed-404'), get('/streamed-404')]);
    expect(first.scriptPolicies[0]).not.toEqual(second.scriptPolicies[0]);
  });

  it('replaces a nonce the client put in the request, which would be no secret', async () => {
    const { body } = await get('/streamed-404', { 'Content-Security-Policy': "script-src 'nonce-chosenbytheclient'" });
    expect(body).not.toContain('chosenbytheclient');
  });

  it('leaves a page alone that already has its script policy, by hash or by the proxy’s nonce', async () => {
    expect((await get('/prerendered')).scriptPolicies).toEqual([HASH_POLICY]);
    expect((await get('/proxied')).scriptPolicies).toEqual(["script-src 'nonce-fromtheproxy'; object-src 'none'"]);
  });

  it('adds nothing to responses that are not HTML', async () => {
    expect((await get('/json')).policies).toEqual([CONTENT_POLICY]);
  });
});
