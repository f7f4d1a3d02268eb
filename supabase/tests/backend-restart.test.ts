import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';

import { startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { runOutboxWith, type ClaimedMail } from '../../src/lib/mail/outbox-sender';
import { purgeExpiredApplicationsWith } from '../../src/lib/recruiting/application-retention';
import type { Database } from '../../src/lib/supabase/database.types';

// The backend stops at the worst moments of an application, as an operator saw it do, and comes
// back on the same data: between the row and its files, and between "received" and the mails.
// Whatever was stored must end complete with its mails sent once, or removed with its files.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

let dataDir: string;
let backend: TestBackend | undefined;

async function start(): Promise<SupabaseClient<Database>> {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS, dataDir });
  return backend.admin();
}

/** Stops the backend mid-way: nothing of the site's request after this point reaches it. */
async function stop(): Promise<void> {
  await backend?.close();
  backend = undefined;
}

afterAll(async () => {
  await backend?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

/** The site's order of writes (submit-application.ts): the row, not yet complete, then one file. */
async function rowAndFile(admin: SupabaseClient<Database>, createdAt: Date): Promise<string> {
  const { data, error } = await admin
    .from('applications')
    .insert({
      locale: 'en',
      name: 'Sam Jansen',
      email: `sam-${randomUUID().slice(0, 8)}@example.nl`,
      motivation: 'I like building accessible interfaces and would like to do that with you.',
      completed_at: null,
      created_at: createdAt.toISOString(),
    })
    .select('id')
    .single();
  if (error) throw error;
  const objectPath = `${data.id}/${randomUUID()}`;
  const upload = await admin.storage
    .from('applications')
    .upload(objectPath, new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (upload.error) throw upload.error;
  return data.id;
}

describe('a backend that stops mid-application and comes back', () => {
  it('removes the half-written application with its file, and sends the completed one its mails exactly once', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'backend-restart-test-'));
    let admin = await start();
    // A quarter of an hour ago (as if the backend had been down that long): the object is
    // stored, the file row and the completing mark never were.
    const halfWritten = await rowAndFile(admin, new Date(Date.now() - 16 * 60_000));
    // Completed ("received"), but the backend stops before any mail went out.
    const received = await rowAndFile(admin, new Date());
    const completed = await admin.from('applications').update({ completed_at: new Date().toISOString() }).eq('id', received).select('id');
    expect(completed.data).toHaveLength(1);
    await stop();

    admin = await start();
    const delivered: ClaimedMail[] = [];
    const outbox = await runOutboxWith(admin, async (mail) => {
      delivered.push(mail);
      return { status: 'sent' };
    });
    expect(outbox).toEqual({ ok: true, sent: 2, retrying: 0, gaveUp: 0 });
    expect(delivered.map((mail) => [mail.applicationId, mail.kind]).sort()).toEqual([
      [received, 'application_notification'],
      [received, 'application_received'],
    ]);

    const purge = await purgeExpiredApplicationsWith(admin);
    expect(purge.ok).toBe(true);
    expect(purge.applications.deleted).toEqual([halfWritten]);
    const rows = await admin.from('applications').select('id').in('id', [halfWritten, received]);
    expect(rows.data).toEqual([{ id: received }]);
    expect((await admin.storage.from('applications').list(halfWritten)).data).toEqual([]);
    expect((await admin.storage.from('applications').list(received)).data).toHaveLength(1);

    // Once more after another restart: nothing is sent twice.
    await stop();
    admin = await start();
    const again = await runOutboxWith(admin, async () => ({ status: 'sent' }));
    expect(again.sent).toBe(0);
  });
});
