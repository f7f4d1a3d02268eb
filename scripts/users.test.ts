import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../local-supabase/test/helpers';
import { resolveTarget, runUsers } from './users';

let backend: TestBackend;
let env: Record<string, string>;

beforeAll(async () => {
  backend = await startTestBackend();
  env = { NEXT_PUBLIC_SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
});
afterAll(async () => {
  await backend?.close();
});

describe('npm run users', () => {
  it('creates a confirmed staff account that can sign in', async () => {
    const [line] = await runUsers(['create', '--email', 'new@bitwerf.nl', '--password', 'secret-123', '--staff'], env);
    expect(line).toMatch(/^Created new@bitwerf\.nl \(.+\) as staff on /);
    const { data, error } = await backend.client().auth.signInWithPassword({ email: 'new@bitwerf.nl', password: 'secret-123' });
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('staff');
  });

  it('lists and deletes accounts', async () => {
    const listed = await runUsers(['list'], env);
    expect(listed.some((line) => line.startsWith('staff@bitwerf.nl\tstaff'))).toBe(true);
    expect(listed.some((line) => line.startsWith('demo@bitwerf.nl\tclient'))).toBe(true);
    expect(await runUsers(['delete', '--email', 'new@bitwerf.nl'], env)).toEqual([expect.stringMatching(/^Deleted new@bitwerf\.nl/)]);
    await expect(runUsers(['delete', '--email', 'new@bitwerf.nl'], env)).rejects.toThrow('No user with e-mail new@bitwerf.nl');
  });

  it('reports the API error for a duplicate and usage errors for bad input', async () => {
    await expect(runUsers(['create', '--email', 'demo@bitwerf.nl', '--password', 'x'], env)).rejects.toThrow(
      'A user with this email address has already been registered',
    );
    await expect(runUsers(['create', '--email', 'a@b.nl'], env)).rejects.toThrow('Missing --password');
    await expect(runUsers(['frobnicate'], env)).rejects.toThrow('Unknown command "frobnicate"');
  });

  it('names the missing service key when a project URL is configured', () => {
    expect(() => resolveTarget({ NEXT_PUBLIC_SUPABASE_URL: 'https://x.supabase.co' })).toThrow(/SUPABASE_SERVICE_ROLE_KEY is missing/);
    expect(resolveTarget({}).url).toBe('http://127.0.0.1:54321');
  });
});
