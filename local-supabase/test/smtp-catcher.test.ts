import { connect } from 'node:net';
import os from 'node:os';

import { PGlite } from '@electric-sql/pglite';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startTestBackend, type TestBackend } from './helpers';
import { DEFAULT_SMTP_PORT, resolveConfig } from '../src/config';
import { Inbox } from '../src/inbox/inbox';
import { extractLinks, MAX_MESSAGE_BYTES, startSmtpCatcher } from '../src/mail/smtp-catcher';

interface InboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});
beforeEach(async () => {
  await backend.fetch('/inbox/v1/messages', { method: 'DELETE', headers: { apikey: backend.serviceRoleKey } });
});

/** Sends as the site does: nodemailer with the connection URL the backend hands to Next.js. */
function transport(url = backend.smtpUrl) {
  return nodemailer.createTransport({ url, connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 5000 });
}

async function inbox(to?: string): Promise<InboxMessage[]> {
  const query = to === undefined ? '' : `?${new URLSearchParams({ to })}`;
  const response = await backend.fetch(`/inbox/v1/messages${query}`, { headers: { apikey: backend.serviceRoleKey } });
  expect(response.status).toBe(200);
  return (await response.json()) as InboxMessage[];
}

/** Whether anything accepts a TCP connection at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('the SMTP catcher', () => {
  it('keeps a mail sent with nodemailer in the local inbox, with its parts and links in order', async () => {
    const url = backend.smtpUrl;
    expect(url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await transport().sendMail({
      from: 'Bitwerf <hallo@bitwerf.nl>',
      to: 'Ada <ada@example.com>',
      subject: 'Je sollicitatie is binnen',
      text: 'Hoi Ada,\n\nTrek hem in via https://site.test/nl/withdraw?token=a.b-c.\nOf lees (https://site.test/privacy) eerst.\nNogmaals: https://site.test/nl/withdraw?token=a.b-c\n',
      html: '<p>Hoi Ada, <a href="https://site.test/nl/withdraw?token=a.b-c">intrekken</a></p>',
    });
    const [message, ...rest] = await inbox('ada@example.com');
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      to: 'ada@example.com',
      subject: 'Je sollicitatie is binnen',
      html: '<p>Hoi Ada, <a href="https://site.test/nl/withdraw?token=a.b-c">intrekken</a></p>',
      links: ['https://site.test/nl/withdraw?token=a.b-c', 'https://site.test/privacy'],
    });
    expect(message?.text).toContain('Trek hem in via https://site.test/nl/withdraw?token=a.b-c.');
  });

  it('keeps one message per recipient address, Cc and Bcc included, each address once', async () => {
    await transport().sendMail({
      from: 'hallo@bitwerf.nl',
      to: ['one@example.com', 'ONE@example.com'],
      cc: 'two@example.com',
      bcc: 'three@example.com',
      subject: 'Drie ontvangers',
      text: 'Zonder link.',
    });
    const messages = await inbox();
    expect(messages.map((message) => message.to.toLowerCase()).sort()).toEqual(['one@example.com', 'three@example.com', 'two@example.com']);
    expect(messages.every((message) => message.subject === 'Drie ontvangers' && message.html === '' && message.links.length === 0)).toBe(
      true,
    );
  });

  it('takes the links of an HTML-only mail from the text mailparser derives from it', async () => {
    await transport().sendMail({
      from: 'hallo@bitwerf.nl',
      to: 'html@example.com',
      subject: 'Alleen HTML',
      html: '<p><a href="https://site.test/a">a</a></p>',
    });
    const [message] = await inbox('html@example.com');
    expect(message?.links).toEqual(['https://site.test/a']);
  });

  it('accepts a connection URL with credentials, as a provider URL copied into .env would have', async () => {
    const withCredentials = backend.smtpUrl.replace('smtp://', 'smtp://user:secret@');
    await transport(withCredentials).sendMail({ from: 'hallo@bitwerf.nl', to: 'auth@example.com', subject: 'Met wachtwoord', text: 'x' });
    expect(await inbox('auth@example.com')).toHaveLength(1);
  });

  it('refuses a mail over the size limit and keeps nothing of it', async () => {
    const send = transport().sendMail({
      from: 'hallo@bitwerf.nl',
      to: 'big@example.com',
      subject: 'Te groot',
      text: 'x'.repeat(MAX_MESSAGE_BYTES + 1),
    });
    await expect(send).rejects.toMatchObject({ responseCode: 552 });
    expect(await inbox('big@example.com')).toEqual([]);
  });

  it('answers only on 127.0.0.1', async () => {
    const port = Number(new URL(backend.smtpUrl).port);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
    if (external !== undefined) expect(await accepts(external.address, port)).toBe(false);
  });
});

describe('starting and stopping the SMTP catcher', () => {
  it('refuses to listen on any address but 127.0.0.1', async () => {
    const db = new PGlite();
    try {
      const inbox = new Inbox(db, () => undefined);
      for (const host of ['0.0.0.0', '::', 'localhost', '192.0.2.1']) {
        await expect(startSmtpCatcher({ db, inbox, port: 0, host, log: () => undefined })).rejects.toThrow(/listens on 127\.0\.0\.1 only/);
      }
    } finally {
      await db.close();
    }
  });

  it('closes with the backend', async () => {
    const other = await startTestBackend();
    const port = Number(new URL(other.smtpUrl).port);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    await other.close();
    expect(await accepts('127.0.0.1', port)).toBe(false);
  });

  it('names the setting when its port is taken, and the backend does not start', async () => {
    const taken = Number(new URL(backend.smtpUrl).port);
    await expect(startTestBackend({ smtpPort: taken })).rejects.toThrow(
      `SMTP port ${taken} on 127.0.0.1 is already in use (set LOCAL_SUPABASE_SMTP_PORT)`,
    );
  });

  it('takes port 54325 by default, LOCAL_SUPABASE_SMTP_PORT when set, and a free one beside a free HTTP port', () => {
    expect(DEFAULT_SMTP_PORT).toBe(54325);
    expect(resolveConfig({}, { NODE_ENV: 'test' }).smtpPort).toBe(54325);
    expect(resolveConfig({}, { NODE_ENV: 'test', LOCAL_SUPABASE_SMTP_PORT: '2525' }).smtpPort).toBe(2525);
    expect(resolveConfig({ port: 0 }, { NODE_ENV: 'test', LOCAL_SUPABASE_SMTP_PORT: '2525' }).smtpPort).toBe(0);
    expect(resolveConfig({ port: 0, smtpPort: 2526 }, { NODE_ENV: 'test' }).smtpPort).toBe(2526);
    expect(() => resolveConfig({}, { NODE_ENV: 'test', LOCAL_SUPABASE_SMTP_PORT: 'x' })).toThrow(/LOCAL_SUPABASE_SMTP_PORT/);
  });
});

describe('extractLinks', () => {
  it('finds http(s) links in order, each once, without the punctuation around them', () => {
    expect(
      extractLinks(
        'Zie https://a.test/x?y=1&z=2, (http://b.test/p) en https://c.test/wiki/Foo_(bar). Weer: https://a.test/x?y=1&z=2! En "https://d.test/q".',
      ),
    ).toEqual(['https://a.test/x?y=1&z=2', 'http://b.test/p', 'https://c.test/wiki/Foo_(bar)', 'https://d.test/q']);
    expect(extractLinks('geen links, ftp://x.test of mailto:a@b.nl')).toEqual([]);
  });
});
