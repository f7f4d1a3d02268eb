import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';

import { runOutboxWith, type ClaimedMail } from '../../src/lib/mail/outbox-sender';
import { purgeExpiredApplicationsWith } from '../../src/lib/recruiting/retention';
import type { Database } from '../../src/lib/supabase/database.types';

// The backend is killed (SIGKILL) at the worst moments of an application, as an operator did it,
// and comes back on the same data: between the row and its files, and between "received" and the
// mails. Whatever was stored must end complete with its mails sent once, or removed with its files.
const CHILD = path.join(import.meta.dirname, 'support', 'backend-process.ts');
const ROOT = path.join(import.meta.dirname, '..', '..');

let dataDir: string;
let child: ChildProcess | undefined;

/** Starts the backend in its own process on `dataDir`; a service-role client for it. */
async function start(): Promise<SupabaseClient<Database>> {
  // Node itself with tsx's loader, not the tsx command, which would run the backend in a grandchild
  // that a kill of its parent leaves running.
  const started = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, BACKEND_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = started;
  const lines = createInterface({ input: started.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    started.once('exit', (code) => reject(new Error(`the backend exited (${code}) before it listened`)));
  });
  const { url, serviceRoleKey } = JSON.parse(first) as { url: string; serviceRoleKey: string };
  return createClient<Database>(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** Kills the backend mid-way: no shutdown, nothing of the site's request after this point reaches it. */
async function kill(): Promise<void> {
  const running = child;
  child = undefined;
  if (running === undefined || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}

afterAll(async () => {
  await kill();
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

describe('a backend killed mid-application and restarted', () => {
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
    await kill();

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
    await kill();
    admin = await start();
    const again = await runOutboxWith(admin, async () => ({ status: 'sent' }));
    expect(again.sent).toBe(0);
    // Three backend starts of several seconds each.
  }, 60_000);
});
