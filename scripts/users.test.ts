import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveTarget, runUsers } from './users';
import { startTestBackend, type TestBackend } from '../local-supabase/test/helpers';
import { hashEnrolmentToken } from '../src/lib/staff/enrolment-token';

let backend: TestBackend;
let env: Record<string, string>;

beforeAll(async () => {
  // The site's migrations: staff accounts get their enrolment link from staff_enrolments.
  backend = await startTestBackend({ migrationsDir: path.join(import.meta.dirname, '..', 'supabase', 'migrations') });
  env = {
    NEXT_PUBLIC_SUPABASE_URL: backend.url,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    NEXT_PUBLIC_SITE_URL: 'https://www.bitwerf.test',
  };
});
afterAll(async () => {
  await backend?.close();
});

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A staff account of the test's own, so no test depends on what another created or deleted. */
async function createStaff(roles = 'inbox'): Promise<string> {
  const email = `staff-${randomUUID().slice(0, 8)}@bitwerf.nl`;
  await runUsers(['create', '--email', email, '--password', 'secret-123', '--staff', '--roles', roles], env);
  return email;
}

describe('npm run users', () => {
  it('creates a confirmed staff account with the roles named, which can sign in', async () => {
    const [line] = await runUsers(
      ['create', '--email', 'new@bitwerf.nl', '--password', 'secret-123', '--staff', '--roles', 'inbox, recruiting'],
      env,
    );
    expect(line).toMatch(/^Created new@bitwerf\.nl \(.+\) as staff \(recruiting, inbox\) on /);
    const { data, error } = await backend.client().auth.signInWithPassword({ email: 'new@bitwerf.nl', password: 'secret-123' });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({ role: 'staff', staff_roles: ['recruiting', 'inbox'] });
  });

  it('prints a single-use enrolment link for a new staff account, and a fresh one on request that replaces it', async () => {
    const lines = await runUsers(
      ['create', '--email', 'link@bitwerf.nl', '--password', 'secret-123', '--staff', '--roles', 'recruiting', '--locale', 'en'],
      env,
    );
    expect(lines[1]).toMatch(/^Enrolment link \(single use, valid until .+\)/);
    const first = new URL(lines[2] ?? '');
    expect(`${first.origin}${first.pathname}`).toBe('https://www.bitwerf.test/en/account/enrol');
    const session = backend.client();
    await session.auth.signInWithPassword({ email: 'link@bitwerf.nl', password: 'secret-123' });
    const open = async (url: URL) =>
      (await session.rpc('staff_enrolment_open', { token_hash: hashEnrolmentToken(url.searchParams.get('token') ?? '') })).data;
    expect(await open(first)).toBe(true);

    const [, again] = await runUsers(['enrol', '--email', 'link@bitwerf.nl'], env);
    const second = new URL(again ?? '');
    expect(second.pathname).toBe('/account/enrol');
    expect(await open(second)).toBe(true);
    expect(await open(first)).toBe(false);
    await expect(runUsers(['enrol', '--email', 'demo@bitwerf.nl'], env)).rejects.toThrow('demo@bitwerf.nl is not a staff account');
    await expect(runUsers(['enrol', '--email', 'link@bitwerf.nl', '--locale', 'de'], env)).rejects.toThrow('--locale is nl or en');
  });

  it("changes a staff account's roles, and refuses a role that does not exist or a staff account without roles named", async () => {
    const email = await createStaff('inbox,recruiting');
    expect(await runUsers(['roles', '--email', email, '--roles', 'content'], env)).toEqual([
      expect.stringMatching(new RegExp(`^${escaped(email)} is staff with content on `)),
    ]);
    expect((await runUsers(['list'], env)).find((entry) => entry.startsWith(email))).toMatch(
      new RegExp(`^${escaped(email)}\tstaff \\(content\\)\t`),
    );
    await expect(runUsers(['roles', '--email', email, '--roles', 'content,boss'], env)).rejects.toThrow('Unknown staff role "boss"');
    await expect(runUsers(['create', '--email', 'x@bitwerf.nl', '--password', 'secret-123', '--staff'], env)).rejects.toThrow(
      '--staff and --roles go together',
    );
  });

  it('lists and deletes accounts', async () => {
    const listed = await runUsers(['list'], env);
    expect(listed.some((line) => line.startsWith('staff@bitwerf.nl\tstaff'))).toBe(true);
    expect(listed.some((line) => line.startsWith('demo@bitwerf.nl\tclient'))).toBe(true);
    const email = await createStaff();
    expect(await runUsers(['delete', '--email', email], env)).toEqual([expect.stringMatching(new RegExp(`^Deleted ${escaped(email)}`))]);
    await expect(runUsers(['delete', '--email', email], env)).rejects.toThrow(`No user with e-mail ${email}`);
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

  it('writes to the local backend the site uses, on LOCAL_SUPABASE_PORT (review 3, I6)', () => {
    expect(resolveTarget({ LOCAL_SUPABASE_PORT: '54400' }).url).toBe('http://127.0.0.1:54400');
    expect(() => resolveTarget({ LOCAL_SUPABASE_PORT: 'abc' })).toThrow(/LOCAL_SUPABASE_PORT must be a port number/);
  });
});
