import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';

import { signedIn } from './roles';
import { startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';

// The migrations that lock down contact_messages run on databases that already hold rows the
// old grants allowed. This applies the first migrations, writes such rows, then upgrades the
// same database with all of them, as `supabase db push` would on a live project.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');
const BEFORE_LOCKDOWN = ['20261122120000_contact_messages.sql', '20261122150000_contact_messages_retention.sql'];
const SEEDED_STAFF_ID = '3c5f0c0e-8a43-4a7e-9b7d-2d6a1f0d0002';

const folders: string[] = [];
let backend: TestBackend | undefined;
afterAll(async () => {
  await backend?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('upgrading a database with rows from before the lock-down', () => {
  it('pulls backdated, postdated and half-handled rows back to what is possible, and keeps the rest', async () => {
    const [dataDir, oldMigrations] = await Promise.all([
      mkdtemp(path.join(os.tmpdir(), 'upgrade-data-')),
      mkdtemp(path.join(os.tmpdir(), 'upgrade-migrations-')),
    ]);
    folders.push(dataDir, oldMigrations);
    for (const file of BEFORE_LOCKDOWN) await copyFile(path.join(MIGRATIONS, file), path.join(oldMigrations, file));

    backend = await startTestBackend({ dataDir, migrationsDir: oldMigrations });
    const old = backend.admin();
    const message = (email: string) => ({ name: 'Sanne de Vries', email, subject: 'general', message: 'Een vraag van voor de upgrade.' });
    const inserted = await old
      .from('contact_messages')
      .insert(['terug@example.nl', 'vooruit@example.nl', 'half@example.nl', 'gewoon@example.nl'].map(message));
    expect(inserted.error).toBeNull();
    // What staff could write through the old column grant (updates do not fire the retention clean-up).
    const writes = [
      { email: 'terug@example.nl', change: { handled_at: '2000-01-01T00:00:00Z', handled_by: SEEDED_STAFF_ID } },
      { email: 'vooruit@example.nl', change: { handled_at: '2999-01-01T00:00:00Z' } },
      { email: 'half@example.nl', change: { handled_by: SEEDED_STAFF_ID } },
    ];
    for (const { email, change } of writes) expect((await old.from('contact_messages').update(change).eq('email', email)).error).toBeNull();
    await backend.close();
    backend = undefined;

    const upgradedAt = Date.now();
    backend = await startTestBackend({ dataDir, migrationsDir: MIGRATIONS });
    const { data, error } = await backend
      .admin()
      .from('contact_messages')
      .select('email, created_at, handled_at, handled_by')
      .order('email');
    expect(error).toBeNull();
    const rows = Object.fromEntries(
      (data ?? []).map((row) => [row.email as string, row as { created_at: string; handled_at: string | null; handled_by: string | null }]),
    );
    expect(rows['terug@example.nl']?.handled_at).toBe(rows['terug@example.nl']?.created_at);
    expect(rows['terug@example.nl']?.handled_by).toBe(SEEDED_STAFF_ID);
    expect(new Date(rows['vooruit@example.nl']?.handled_at ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(rows['vooruit@example.nl']?.handled_at ?? 0).getTime()).toBeGreaterThanOrEqual(upgradedAt - 60_000);
    expect(rows['half@example.nl']).toMatchObject({ handled_at: null, handled_by: null });
    expect(rows['gewoon@example.nl']).toMatchObject({ handled_at: null, handled_by: null });
  });
});

describe('upgrading a database with staff who linked an authenticator before enrolment links', () => {
  it('keeps their access: the migration counts their verified factor as enrolled', async () => {
    const [dataDir, oldMigrations] = await Promise.all([
      mkdtemp(path.join(os.tmpdir(), 'upgrade-data-')),
      mkdtemp(path.join(os.tmpdir(), 'upgrade-migrations-')),
    ]);
    folders.push(dataDir, oldMigrations);
    const before = (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql') && file < '20261126160000');
    for (const file of before) await copyFile(path.join(MIGRATIONS, file), path.join(oldMigrations, file));

    backend = await startTestBackend({ dataDir, migrationsDir: oldMigrations });
    const account = { email: `early-${randomUUID().slice(0, 8)}@bitwerf.nl`, password: `pw-${randomUUID()}` };
    const created = await backend
      .admin()
      .auth.admin.createUser({ ...account, email_confirm: true, app_metadata: { role: 'staff', staff_roles: ['recruiting'] } });
    expect(created.error).toBeNull();
    const early = backend.client();
    await early.auth.signInWithPassword(account);
    const enrolled = await early.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    if (enrolled.error !== null) throw enrolled.error;
    const { secret } = enrolled.data.totp;
    expect((await early.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: await generate({ secret }) })).error).toBeNull();
    expect((await early.rpc('has_staff_role', { wanted: 'recruiting' })).data).toBe(true);
    await backend.close();
    backend = undefined;

    backend = await startTestBackend({ dataDir, migrationsDir: MIGRATIONS });
    const { client: again } = await signedIn(backend, account);
    const factorId = (await again.auth.mfa.listFactors()).data?.totp[0]?.id ?? '';
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await again.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    expect((await again.rpc('has_staff_role', { wanted: 'recruiting' })).data).toBe(true);
    const { data: enrolments } = await backend.admin().from('staff_enrolments').select('user_id, factor_id, used_at, created_by');
    expect(enrolments).toEqual([
      expect.objectContaining({ user_id: created.data.user?.id, factor_id: factorId, used_at: expect.any(String), created_by: null }),
    ]);
  });
});
