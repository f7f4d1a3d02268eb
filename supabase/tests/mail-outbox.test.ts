import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, STAFF, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { MAX_ATTEMPTS, retryDelaySeconds, runOutboxWith, type ClaimedMail, type Deliver } from '../../src/lib/mail/outbox-sender';
import { purgeExpiredApplicationsWith } from '../../src/lib/recruiting/retention';
import type { Database } from '../../src/lib/supabase/database.types';

// The mail outbox against the real migrations: completing an application queues its two mails in
// the same transaction, the sender delivers each exactly once (also with two senders at once,
// and through a mail server that refuses and then recovers), backs off and gives up, and only
// admins can read the queue. And the half-written application: a row whose files never arrived
// is hidden from staff and removed by retention.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let backend: TestBackend;
let admin: SupabaseClient<Database>;
let anon: SupabaseClient;
let client: SupabaseClient;
let staffNoFactor: SupabaseClient;
let recruiting: SupabaseClient;
let adminStaff: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  anon = backend.client();
  ({ client } = await signedIn(backend, DEMO));
  ({ client: staffNoFactor } = await signedIn(backend, STAFF));
  ({ aal2: recruiting } = await staffWithFactor(backend, ['recruiting', 'inbox', 'content']));
  ({ aal2: adminStaff } = await staffWithFactor(backend, ['admin']));
});
afterAll(async () => {
  await backend?.close();
});
beforeEach(async () => {
  // Each test starts with an empty queue, so runs deliver only what the test queued.
  const { error } = await admin.from('mail_outbox').delete().not('id', 'is', null);
  if (error) throw error;
});

/** A new application as the site's server writes one: the row first, not yet complete. */
async function incompleteApplication(overrides: Partial<Database['public']['Tables']['applications']['Insert']> = {}): Promise<string> {
  const { data, error } = await admin
    .from('applications')
    .insert({
      locale: 'nl',
      name: 'Noor Bakker',
      email: `noor-${randomUUID().slice(0, 8)}@example.nl`,
      motivation: 'Ik bouw graag toegankelijke interfaces en wil dat bij jullie doen.',
      completed_at: null,
      ...overrides,
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

async function complete(id: string): Promise<void> {
  const { error } = await admin.from('applications').update({ completed_at: new Date().toISOString() }).eq('id', id);
  if (error) throw error;
}

async function queued(applicationId: string) {
  const { data, error } = await admin
    .from('mail_outbox')
    .select('kind, state, attempts, last_error, sent_at, next_attempt_at')
    .eq('application_id', applicationId)
    .order('kind');
  if (error) throw error;
  return data;
}

/** Makes every waiting mail due now, as if its backoff had passed. */
async function fastForward(): Promise<void> {
  const { error } = await admin.from('mail_outbox').update({ next_attempt_at: new Date().toISOString() }).eq('state', 'pending');
  if (error) throw error;
}

/** A delivery that records what it was asked to send. */
function recorder(answer: (mail: ClaimedMail) => Awaited<ReturnType<Deliver>> = () => ({ status: 'sent' })) {
  const delivered: ClaimedMail[] = [];
  const deliver: Deliver = async (mail) => {
    delivered.push(mail);
    return answer(mail);
  };
  return { delivered, deliver };
}

describe('queueing', () => {
  it('queues nothing for an application whose files are not stored yet', async () => {
    const id = await incompleteApplication();
    expect(await queued(id)).toEqual([]);
  });

  it('queues the confirmation and the notice when the application is completed', async () => {
    const id = await incompleteApplication();
    await complete(id);
    expect((await queued(id)).map(({ kind, state, attempts }) => ({ kind, state, attempts }))).toEqual([
      { kind: 'application_notification', state: 'pending', attempts: 0 },
      { kind: 'application_received', state: 'pending', attempts: 0 },
    ]);
    // Completing it again queues nothing more.
    await admin.from('applications').update({ completed_at: new Date().toISOString() }).eq('id', id);
    expect(await queued(id)).toHaveLength(2);
  });

  it('takes the unsent mails along when the application is deleted', async () => {
    const id = await incompleteApplication();
    await complete(id);
    await admin.from('applications').delete().eq('id', id);
    expect(await queued(id)).toEqual([]);
  });
});

describe('sending', () => {
  it('sends each due mail once; a second run finds nothing to send', async () => {
    const id = await incompleteApplication();
    await complete(id);
    const first = recorder();
    expect(await runOutboxWith(admin, first.deliver)).toEqual({ ok: true, sent: 2, retrying: 0, gaveUp: 0 });
    expect(first.delivered.map((mail) => mail.kind).sort()).toEqual(['application_notification', 'application_received']);
    expect((await queued(id)).every((mail) => mail.state === 'sent' && mail.sent_at !== null)).toBe(true);

    const second = recorder();
    await fastForward();
    expect(await runOutboxWith(admin, second.deliver)).toEqual({ ok: true, sent: 0, retrying: 0, gaveUp: 0 });
    expect(second.delivered).toEqual([]);
  });

  it('two senders at once deliver each mail exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => incompleteApplication()));
    for (const id of ids) await complete(id);
    const slow = recorder();
    const slowDeliver: Deliver = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return slow.deliver(mail);
    };
    const [a, b] = await Promise.all([runOutboxWith(admin, slowDeliver), runOutboxWith(admin, slowDeliver)]);
    expect(a.sent + b.sent).toBe(12);
    expect(new Set(slow.delivered.map((mail) => mail.id)).size).toBe(12);
    expect(slow.delivered).toHaveLength(12);
  });

  it('backs off after a failure, exponentially, and keeps only the code', async () => {
    const id = await incompleteApplication();
    await complete(id);
    const before = Date.now();
    const failing = recorder(() => ({ status: 'failed', code: 'ECONNECTION' }));
    expect(await runOutboxWith(admin, failing.deliver)).toEqual({ ok: true, sent: 0, retrying: 2, gaveUp: 0 });
    const [mail] = await queued(id);
    expect(mail).toMatchObject({ state: 'pending', attempts: 1, last_error: 'ECONNECTION', sent_at: null });
    const wait = new Date(mail?.next_attempt_at ?? 0).getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(retryDelaySeconds(1) * 1000 - 1000);
    // Not due yet: a run now sends nothing.
    expect((await runOutboxWith(admin, failing.deliver)).retrying).toBe(0);
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(MAX_ATTEMPTS)).toBe(6 * 60 * 60);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and leaves the mail for an admin to see`, async () => {
    const id = await incompleteApplication();
    await complete(id);
    const failing = recorder(() => ({ status: 'failed', code: 'EAUTH' }));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
      await runOutboxWith(admin, failing.deliver);
      await fastForward();
    }
    expect(failing.delivered).toHaveLength(2 * MAX_ATTEMPTS);
    expect((await queued(id)).map(({ state, attempts, last_error }) => ({ state, attempts, last_error }))).toEqual([
      { state: 'failed', attempts: MAX_ATTEMPTS, last_error: 'EAUTH' },
      { state: 'failed', attempts: MAX_ATTEMPTS, last_error: 'EAUTH' },
    ]);
  });

  it('does not retry a mail whose application is gone', async () => {
    const id = await incompleteApplication();
    await complete(id);
    const gone = recorder(() => ({ status: 'failed', code: 'EGONE' }));
    expect(await runOutboxWith(admin, gone.deliver)).toEqual({ ok: true, sent: 0, retrying: 0, gaveUp: 2 });
  });

  it('takes over a mail whose sender died, and ignores that sender if it wakes up', async () => {
    const id = await incompleteApplication();
    await complete(id);
    // A sender claims both mails and dies: the lease is all that is left of it.
    const dead = await admin.rpc('claim_mail_outbox', { max_rows: 5, lease_seconds: 1 });
    expect(dead.data).toHaveLength(2);
    const none = recorder();
    expect((await runOutboxWith(admin, none.deliver)).sent).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const next = recorder();
    expect((await runOutboxWith(admin, next.deliver)).sent).toBe(2);
    expect(next.delivered.every((mail) => mail.attempts === 2)).toBe(true);
    // The first sender's late mark names attempt 1 and changes nothing.
    const late = await admin
      .from('mail_outbox')
      .update({ state: 'pending', last_error: 'ETIMEDOUT', lease_until: null })
      .eq('application_id', id)
      .eq('state', 'sending')
      .eq('attempts', 1)
      .select('id');
    expect(late.data).toEqual([]);
    expect((await queued(id)).every((mail) => mail.state === 'sent')).toBe(true);
  });
});

describe('a mail server that refuses, then recovers', () => {
  /** A port on 127.0.0.1 that nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it('delivers the mail exactly once after the server is back', async () => {
    const to = `noor-${randomUUID().slice(0, 8)}@example.nl`;
    const id = await incompleteApplication({ email: to });
    await complete(id);
    let smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    // Over real SMTP: the application's own address for the confirmation, the notice to recruiting.
    const deliver: Deliver = async (mail) => {
      const transport = nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 2_000,
        greetingTimeout: 2_000,
        socketTimeout: 5_000,
      });
      try {
        await transport.sendMail({
          from: 'site@bitwerf.nl',
          to: mail.kind === 'application_received' ? to : 'recruiting@bitwerf.nl',
          subject: `${mail.kind} ${mail.applicationId}`,
          text: 'Ontvangen.',
        });
        return { status: 'sent' };
      } catch (error) {
        const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'EUNKNOWN';
        return { status: 'failed', code };
      }
    };

    expect(await runOutboxWith(admin, deliver)).toMatchObject({ ok: true, sent: 0, retrying: 2 });
    expect((await queued(id)).map((mail) => mail.last_error)).toEqual(['ESOCKET', 'ESOCKET']);

    smtpUrl = backend.smtpUrl;
    await fastForward();
    expect(await runOutboxWith(admin, deliver)).toMatchObject({ ok: true, sent: 2 });
    await fastForward();
    expect(await runOutboxWith(admin, deliver)).toMatchObject({ sent: 0 });

    const inbox = await backend.fetch(`/inbox/v1/messages?to=${encodeURIComponent(to)}`, { headers: { apikey: backend.serviceRoleKey } });
    const messages = (await inbox.json()) as { subject: string }[];
    expect(messages.map((message) => message.subject)).toEqual([`application_received ${id}`]);
  });
});

describe('who can see the outbox', () => {
  it('admins at aal2 read it; nobody else reads or writes it, and only the server claims', async () => {
    const id = await incompleteApplication();
    await complete(id);
    const read = await adminStaff.from('mail_outbox').select('kind, state').eq('application_id', id);
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(2);

    for (const [who, caller] of [
      ['anon', anon],
      ['client', client],
      ['staff without a factor', staffNoFactor],
      ['staff at aal2 without the admin role', recruiting],
    ] as const) {
      const seen = await caller.from('mail_outbox').select('id').eq('application_id', id);
      expect(seen.data ?? [], who).toEqual([]);
      const inserted = await caller.from('mail_outbox').insert({ kind: 'application_received', application_id: id });
      expect(inserted.error, who).not.toBeNull();
      const claimed = await caller.rpc('claim_mail_outbox', { max_rows: 5, lease_seconds: 60 });
      expect(claimed.error, who).not.toBeNull();
    }
    for (const caller of [adminStaff, recruiting]) {
      await caller.from('mail_outbox').update({ state: 'sent', sent_at: new Date().toISOString() }).eq('application_id', id);
      await caller.from('mail_outbox').delete().eq('application_id', id);
    }
    expect((await queued(id)).map((mail) => mail.state)).toEqual(['pending', 'pending']);
  });
});

describe('a half-written application', () => {
  it('is hidden from recruiting staff and removed by retention after a quarter of an hour, files and all', async () => {
    const fresh = await incompleteApplication();
    const old = await incompleteApplication({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() });
    const objectPath = `${old}/${randomUUID()}`;
    const upload = await admin.storage
      .from('applications')
      .upload(objectPath, new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    expect(upload.error).toBeNull();

    for (const id of [fresh, old]) {
      expect((await recruiting.rpc('staff_application_open', { wanted_application: id })).data).toBeNull();
    }
    const listed = (await recruiting.rpc('staff_applications_page', { first_row: 0, row_count: 100 })).data as { id: string }[];
    expect(listed.map((row) => row.id)).not.toContain(fresh);
    expect(listed.map((row) => row.id)).not.toContain(old);

    const purge = await purgeExpiredApplicationsWith(admin);
    expect(purge.applications.deleted).toContain(old);
    expect(purge.applications.deleted).not.toContain(fresh);
    const left = await admin.from('applications').select('id').in('id', [fresh, old]);
    expect(left.data).toEqual([{ id: fresh }]);
    const objects = await admin.storage.from('applications').list(old);
    expect(objects.data).toEqual([]);
  });
});
