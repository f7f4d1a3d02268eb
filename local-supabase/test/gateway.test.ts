import { request } from 'node:http';
import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await backend?.close();
});

const v2024 = { 'X-Supabase-Api-Version': '2024-01-01' };

describe('the API gateway', () => {
  it('refuses requests without an API key', async () => {
    for (const pathname of ['/auth/v1/settings', '/rest/v1/anything']) {
      const response = await backend.fetch(pathname);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'No API key found in request' });
    }
  });

  it('refuses an unknown API key', async () => {
    const response = await backend.fetch('/auth/v1/settings', { headers: { apikey: 'not-a-key' } });
    expect(response.status).toBe(401);
  });

  it('serves the JWKS without a key', async () => {
    expect((await backend.fetch('/auth/v1/.well-known/jwks.json')).status).toBe(200);
  });

  it('answers CORS preflights for the headers supabase-js sends and exposes the version header', async () => {
    const response = await backend.fetch('/auth/v1/token?grant_type=password', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version']) {
      expect(allowed).toContain(header);
    }
    const simple = await backend.fetch('/auth/v1/settings', { headers: { apikey: backend.anonKey, Origin: 'http://localhost:3000' } });
    const exposed = (simple.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const header of ['x-supabase-api-version', 'x-total-count', 'link']) expect(exposed).toContain(header);
  });
});

describe('connections', () => {
  // Node's default closes an idle keep-alive connection after 5 s (plus a second's grace); a client
  // whose process stalled past that then sends its next request into the closing socket
  // (ECONNRESET). The client decides when an idle connection ends.
  const idleLongerThanNodesDefault = 7_000;

  it('leaves an idle keep-alive connection open for the client to close, and serves the next request on it', async () => {
    const url = new URL(backend.url);
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
    const requestLine = `GET /auth/v1/settings HTTP/1.1\r\nHost: ${url.host}\r\napikey: ${backend.anonKey}\r\n\r\n`;
    try {
      socket.write(requestLine);
      await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0, { timeout: 10_000 }).toBe(1);
      expect(received).not.toMatch(/^keep-alive: timeout=/im);
      const idle = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), idleLongerThanNodesDefault));
      expect(await Promise.race([closed, idle])).toBe('open');
      socket.write(requestLine);
      await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0, { timeout: 10_000 }).toBe(2);
    } finally {
      socket.destroy();
    }
  }, 20_000);
});

/** A raw HTTP request, for headers fetch will not let a caller set (Host). */
function rawGet(pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('access from browsers and other hosts (review finding 14)', () => {
  it('keeps the local inbox, with its reset links, for the service-role key', async () => {
    const none = await backend.fetch('/inbox/v1/messages');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'No API key found in request' });
    const anon = await backend.fetch('/inbox/v1/messages', { headers: { apikey: backend.anonKey } });
    expect(anon.status).toBe(403);
    const wiped = await backend.fetch('/inbox/v1/messages', { method: 'DELETE', headers: { apikey: backend.anonKey } });
    expect(wiped.status).toBe(403);
    const service = await backend.fetch('/inbox/v1/messages', { headers: { apikey: backend.serviceRoleKey } });
    expect(service.status).toBe(200);
    const bearer = await backend.fetch('/inbox/v1/messages', { headers: { Authorization: `Bearer ${backend.serviceRoleKey}` } });
    expect(bearer.status).toBe(200);
  });

  it('allows CORS only from the site URL and its localhost / 127.0.0.1 forms', async () => {
    const preflight = (origin: string) =>
      backend.fetch('/rest/v1/notes', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'apikey, authorization' },
      });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const response = await preflight(origin);
      expect(response.status, origin).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost:3001',
      'http://localhost:3000.evil.example',
      'https://localhost:3000',
    ]) {
      const response = await preflight(origin);
      expect(response.status, origin).toBe(403);
      expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
      // A "simple" cross-site request, which CORS alone would let through, is refused as well.
      const simple = await backend.fetch(`/auth/v1/recover?apikey=${backend.anonKey}`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'text/plain' },
        body: JSON.stringify({ email: 'demo@bitwerf.nl' }),
      });
      expect(simple.status, origin).toBe(403);
    }
  });

  it('refuses requests for any other Host, so DNS rebinding cannot reach it', async () => {
    const port = new URL(backend.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await rawGet('/auth/v1/settings', { Host: host, apikey: backend.anonKey })).status, host).toBe(200);
    }
    for (const host of [`rebind.evil.example:${port}`, 'localhost', `localhost:${Number(port) + 1}`, `127.0.0.1.evil.example:${port}`]) {
      const response = await rawGet('/inbox/v1/messages', { Host: host, apikey: backend.serviceRoleKey });
      expect(response.status, host).toBe(403);
      expect(JSON.parse(response.body), host).toEqual({ message: 'Host not allowed' });
    }
  });
});

describe('bad input', () => {
  const post = (body: string, headers: Record<string, string> = v2024) =>
    backend.fetch('/auth/v1/token?grant_type=password', { method: 'POST', headers: { apikey: backend.anonKey, ...headers }, body });

  it('answers malformed JSON with 400 bad_json', async () => {
    const response = await post('{"email": ');
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });

  it('answers in the legacy shape to clients without the version header', async () => {
    const response = await post('[1,', {});
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toMatchObject({ code: 400, error_code: 'bad_json', msg: expect.any(String) });
  });

  it('answers bodies over 1 MB with 413', async () => {
    const response = await post(JSON.stringify({ email: 'a'.repeat(1024 * 1024), password: 'x' }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'request_entity_too_large' });
    const rest = await backend.fetch('/rest/v1/anything', {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 'a'.repeat(1024 * 1024) }),
    });
    expect(rest.status).toBe(413);
  });

  it('answers wrong field types and junk without crashing', async () => {
    for (const body of ['{"email": 5, "password": []}', 'null', '"text"', '\u0000\u0001', '{"__proto__": {"x": 1}}']) {
      const response = await post(body);
      expect(response.status).toBeLessThan(500);
    }
    expect((await backend.fetch('/auth/v1/settings', { headers: { apikey: backend.anonKey } })).status).toBe(200);
  });

  it('answers unexpected internal failures with unexpected_failure, not a crash', async () => {
    const response = await backend.fetch('/auth/v1/admin/users/%E0%A4%A', {
      headers: { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, ...v2024 },
    });
    expect(response.status).toBeLessThan(600);
    expect((await backend.fetch('/auth/v1/settings', { headers: { apikey: backend.anonKey } })).status).toBe(200);
  });
});
