import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
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
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version']) {
      expect(allowed).toContain(header);
    }
    const simple = await backend.fetch('/auth/v1/settings', { headers: { apikey: backend.anonKey, Origin: 'http://localhost:3000' } });
    const exposed = (simple.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const header of ['x-supabase-api-version', 'x-total-count', 'link']) expect(exposed).toContain(header);
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
