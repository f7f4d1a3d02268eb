import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

import type { Browser, Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import getPort from 'get-port';

import { pdf } from './support/application-files';
import { expect, test } from './support/i18n';
import { startNextServer, type NextServer } from './support/next-server';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import en from '../public/locales/en/applications.json' with { type: 'json' };

/*
 * Faults as an operator causes them, while a visitor applies through a real browser: the backend
 * frozen for 10 s (SIGSTOP, then SIGCONT), and killed (SIGKILL) then started again on the same
 * data. Whatever the visitor is told must hold: "received" means the application, its file and
 * both mails (sent once); "failed" means nothing stored, and the typed text still in the form; no
 * 5xx. The site is a second `next start` of the suite's build against a backend of this file's own
 * (a child process on 127.0.0.1), so the other tests never see the outage.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const CHILD = path.join(ROOT, 'supabase', 'tests', 'support', 'backend-process.ts');
const CRON_SECRET = randomUUID().repeat(2);
const RECRUITING = `recruiting-${randomUUID().slice(0, 8)}@example.nl`;
const NAME = 'Sanne de Vries';
const MOTIVATION = 'Ik bouw al acht jaar webapplicaties met TypeScript en wil graag bij een klein, sterk team werken.';

test.describe.configure({ mode: 'serial' });

let dataDir: string;
let backendPort: number;
let smtpPort: number;
let backend: ChildProcess | undefined;
let site: NextServer;
let admin: SupabaseClient;

/** Starts the backend in a process of its own, on the same ports and data each time. */
async function startBackend(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, BACKEND_DATA_DIR: dataDir, BACKEND_PORT: String(backendPort), BACKEND_SMTP_PORT: String(smtpPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  backend = child;
  await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}) before it listened`)));
  });
}

async function killBackend(): Promise<void> {
  const running = backend;
  backend = undefined;
  if (running === undefined || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-faults-'));
  [backendPort, smtpPort] = [await getPort(), await getPort()];
  await startBackend();
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  admin = createClient(backendUrl, SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  site = await startNextServer({
    host: '127.0.0.1',
    timeout: 80_000,
    env: {
      SUPABASE_URL: backendUrl,
      NEXT_PUBLIC_SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RECRUITING_EMAIL: RECRUITING,
      CRON_SECRET,
    },
  });
});

test.afterAll(async () => {
  site?.stop();
  await killBackend();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

/** A visitor of their own (the one proxy the suite plays gives each its address), with or without JavaScript. */
async function visitor(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  return context.newPage();
}

/**
 * Fills the open application with a small PDF and sends it; resolves when the post has left the
 * browser. `beforeSend` runs just before the click.
 */
async function apply(page: Page, email: string, beforeSend?: () => Promise<void>): Promise<{ statuses: number[] }> {
  const statuses: number[] = [];
  page.on('response', (response) => statuses.push(response.status()));
  await page.goto(`${site.url}/en/vacancies`);
  const section = page.getByRole('region', { name: en.section.openTitle });
  await section.getByLabel(en.form.name).fill(NAME);
  await section.getByLabel(en.form.email).fill(email);
  await section.getByLabel(en.form.motivation, { exact: false }).fill(MOTIVATION);
  await section.getByLabel(en.form.cv).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await section.getByRole('checkbox', { name: /^I have read the privacy statement/ }).check();
  await beforeSend?.();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/applications') && request.method() === 'POST');
  await section.getByRole('button', { name: en.form.submit }).click();
  await sent;
  return { statuses };
}

/** What the visitor was told, once the page says it: received, or not sent with the text still in the form. */
async function outcome(page: Page): Promise<'received' | 'failed'> {
  const received = page.getByRole('heading', { level: 1, name: en.received.title });
  const failed = page.getByRole('alert').filter({ hasText: en.failed.unavailable.split('{email}')[0] ?? '' });
  await expect(received.or(failed)).toBeVisible({ timeout: 40_000 });
  if (await received.isVisible()) return 'received';
  await expect(page.getByLabel(en.form.name)).toHaveValue(NAME);
  await expect(page.getByLabel(en.form.email)).toHaveValue(/@example\.nl$/);
  await expect(page.getByLabel(en.form.motivation, { exact: false })).toHaveValue(MOTIVATION);
  return 'failed';
}

/** The scheduled run, as pg_cron calls it: sends what the outbox holds, retries what failed. */
async function runTick(): Promise<void> {
  await expect
    .poll(
      async () =>
        (await fetch(`${site.url}/api/retention`, { method: 'POST', headers: { authorization: `Bearer ${CRON_SECRET}` } })).status,
      {
        timeout: 20_000,
      },
    )
    .toBe(200);
}

async function mailsTo(to: string): Promise<{ links: string[] }[]> {
  const response = await fetch(`http://127.0.0.1:${backendPort}/inbox/v1/messages?to=${encodeURIComponent(to)}`, {
    headers: { apikey: SERVICE_ROLE_KEY },
  });
  return (await response.json()) as { links: string[] }[];
}

/** The promise the visitor was given holds, once the backend is back and the tick has run. */
async function expectPromiseKept(told: 'received' | 'failed', email: string, statuses: number[]): Promise<void> {
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  // Time passes: a mail that failed while the backend was away waits a minute before its next
  // attempt, and one claimed just before the crash waits for its lease (five minutes). The ticks
  // after that would find them due; here they are due now.
  const past = new Date(Date.now() - 1000).toISOString();
  await admin.from('mail_outbox').update({ next_attempt_at: past }).eq('state', 'pending');
  await admin.from('mail_outbox').update({ next_attempt_at: past, lease_until: past }).eq('state', 'sending');
  await runTick();
  const { data: applications, error } = await admin.from('applications').select('id, completed_at').eq('email', email);
  expect(error).toBeNull();
  const complete = (applications ?? []).filter((application) => application.completed_at !== null);
  if (told === 'failed') {
    expect(complete).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    return;
  }
  expect(complete).toHaveLength(1);
  const id = complete[0]?.id ?? '';
  const files = await admin.from('application_files').select('object_path').eq('application_id', id);
  expect(files.data).toHaveLength(1);
  const objects = await admin.storage.from('applications').list(id);
  expect(objects.data).toHaveLength(1);
  const { data: outbox } = await admin.from('mail_outbox').select('kind, state').eq('application_id', id).order('kind');
  expect(outbox).toEqual([
    { kind: 'application_notification', state: 'sent' },
    { kind: 'application_received', state: 'sent' },
  ]);
  // Once each, except in the one window the outbox documents (docs/features/mail-and-retention.md, "Mail"): a crash between the
  // mail server's "accepted" and the sender's mark sends that mail again when its lease runs out.
  const confirmations = (await mailsTo(email)).length;
  const notices = (await mailsTo(RECRUITING)).filter((mail) => mail.links.some((link) => link.includes(id))).length;
  expect(
    [confirmations, notices].every((count) => count === 1 || count === 2),
    `${confirmations} and ${notices} mails`,
  ).toBe(true);
}

test('a backend frozen for ten seconds mid-submit breaks no promise', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await visitor(browser, true);
  const email = `frozen-${randomUUID().slice(0, 8)}@example.nl`;
  const { statuses } = await apply(page, email);
  const frozen = backend;
  frozen?.kill('SIGSTOP');
  const thawed = new Promise((resolve) => setTimeout(resolve, 10_000)).then(() => frozen?.kill('SIGCONT'));
  const told = await outcome(page);
  test.info().annotations.push({ type: 'told', description: told });
  await thawed;
  await expectPromiseKept(told, email, statuses);
});

test('without JavaScript, a backend that is down when the form is sent gives the text back, and the form goes once it is up', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await visitor(browser, false);
  const email = `down-${randomUUID().slice(0, 8)}@example.nl`;
  const { statuses } = await apply(page, email, killBackend);
  expect(await outcome(page)).toBe('failed');
  await expect(page).toHaveURL(`${site.url}/en/applications/retry`);
  await startBackend();
  await expectPromiseKept('failed', email, statuses);

  // The text is still there: choose the file again and send.
  const form = page.getByRole('region', { name: en.retry.title });
  await form.getByLabel(en.form.cv).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await form.getByRole('checkbox', { name: /^I have read the privacy statement/ }).check();
  await form.getByRole('button', { name: en.form.submit }).click();
  expect(await outcome(page)).toBe('received');
  await expectPromiseKept('received', email, statuses);
});

test('with JavaScript, a backend killed mid-submit and started again breaks no promise', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await visitor(browser, true);
  const email = `killed-${randomUUID().slice(0, 8)}@example.nl`;
  const { statuses } = await apply(page, email);
  await new Promise((resolve) => setTimeout(resolve, 150));
  await killBackend();
  const told = await outcome(page);
  test.info().annotations.push({ type: 'told', description: told });
  await startBackend();
  await expectPromiseKept(told, email, statuses);
});
