// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { DRAFT_COOKIE } from '@/lib/applications/application-fields';
import { openDraft } from '@/lib/applications/sealed-draft';
import { fromAddress, limiter, resetFakes, testEnv } from '@/test-doubles/auth';

// The database behind the limiter does not answer (limiter.broken): the endpoint refuses before it
// reads the upload, and a form sent without JavaScript still gets back what was typed.
vi.mock('@/lib/supabase/admin', async () => (await import('@/test-doubles/auth')).adminModule);
vi.mock('next/headers', async () => (await import('@/test-doubles/auth')).headersModule);
// Every read slot taken, when a test says so; otherwise the real slots.
const slots = vi.hoisted(() => ({ full: false }));
vi.mock('@/lib/applications/read-slots', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/applications/read-slots')>();
  return { ...real, withReadSlot: <T>(work: () => Promise<T>) => (slots.full ? Promise.resolve(null) : real.withReadSlot(work)) };
});
for (const [name, value] of Object.entries(testEnv)) vi.stubEnv(name, value);

const { POST } = await import('./route');

const BOUNDARY = 'form-boundary-7MA4YWxkTrZu0gW';
const FILE_BYTES = 20 * 1024 * 1024;
const typed = {
  locale: 'en',
  vacancy: '',
  name: 'Sanne de Vries',
  email: 'sanne@example.nl',
  motivation: 'I build accessible interfaces and would like to do that for your clients as well.',
  consent: 'on',
};

/** A multipart form as the browser sends it: the text parts, then a CV of 20 MB made as it is read. */
function formWithLargeCv(): { body: ReadableStream<Uint8Array>; fileBytesRead: () => number } {
  const encoder = new TextEncoder();
  const text = Object.entries(typed)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let sent = 0;
  let headSent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headSent) {
        headSent = true;
        controller.enqueue(encoder.encode(text + fileHead));
      } else if (sent < FILE_BYTES) {
        sent += chunk.length;
        controller.enqueue(chunk);
      } else {
        controller.enqueue(encoder.encode(`\r\n--${BOUNDARY}--\r\n`));
        controller.close();
      }
    },
  });
  return { body, fileBytesRead: () => sent };
}

function post(body: ReadableStream<Uint8Array>, accept = 'text/html') {
  return new Request('http://127.0.0.1:3210/api/applications', {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      origin: 'http://127.0.0.1:3210',
      host: '127.0.0.1:3210',
      referer: 'http://127.0.0.1:3210/en/vacancies',
      accept,
    },
    body,
    duplex: 'half',
  } as RequestInit);
}

beforeEach(() => {
  resetFakes();
  slots.full = false;
  fromAddress('203.0.113.7');
  limiter.broken = true;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('POST /api/applications while the database does not answer', () => {
  it('sends a form without JavaScript back to the retry page with its typed text, without reading the upload', async () => {
    const form = formWithLargeCv();
    const response = await POST(post(form.body));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/applications/retry');
    expect(form.fileBytesRead()).toBeLessThan(1024 * 1024);

    const cookie = response.headers.get('set-cookie') ?? '';
    const value = new RegExp(`^${DRAFT_COOKIE}=([^;]+);`).exec(cookie)?.[1];
    expect(value, cookie).toBeDefined();
    expect(await openDraft(value ?? '')).toMatchObject({
      locale: 'en',
      vacancySlug: null,
      failure: 'unavailable',
      values: { name: typed.name, email: typed.email, motivation: typed.motivation, consent: 'on' },
    });
  });

  it('tells the form sent by script at once, which keeps its text in the page', async () => {
    const form = formWithLargeCv();
    const response = await POST(post(form.body, 'application/json'));
    expect(await response.json()).toEqual({ status: 'failed', reason: 'unavailable' });
    expect(form.fileBytesRead()).toBeLessThan(1024 * 1024);
  });
});

describe('POST /api/applications while every read slot is taken', () => {
  it('sends a form without JavaScript back with its typed text, without reading the upload', async () => {
    limiter.broken = false;
    slots.full = true;
    const form = formWithLargeCv();
    const response = await POST(post(form.body));
    expect(response.headers.get('location')).toBe('/en/applications/retry');
    expect(form.fileBytesRead()).toBeLessThan(1024 * 1024);
    const value = new RegExp(`^${DRAFT_COOKIE}=([^;]+);`).exec(response.headers.get('set-cookie') ?? '')?.[1];
    // The limiter answers here; the test double keeps no drafts, so the text comes back sealed.
    expect(await openDraft(value ?? '')).toMatchObject({
      failure: 'unavailable',
      values: { name: typed.name, motivation: typed.motivation },
    });
  });
});
