import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Just enough of an SMTP server to accept one mail, or to say nothing at all. (The embedded
 * backend's catcher, with nodemailer at the other end, is tested in local-supabase/test.)
 */
async function fakeSmtp(
  behaviour: 'accept' | 'silent',
): Promise<{ port: number; received: string[]; connections: number; close(): Promise<void> }> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    state.connections += 1;
    if (behaviour === 'silent') return;
    socket.write('220 fake ESMTP\r\n');
    let buffer = '';
    let data: string[] | undefined;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            received.push(data.join('\n'));
            data = undefined;
            socket.write('250 queued\r\n');
          } else data.push(line);
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    // Listening on TCP, so the address is an AddressInfo.
    port: (server.address() as AddressInfo).port,
    received,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A fresh module per test: the transport and the settings are read once per process. */
async function loadSendMail(env: Record<string, string | undefined>) {
  vi.resetModules();
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
  vi.stubEnv('SUPABASE_URL', undefined);
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
  vi.stubEnv('MAIL_FROM', undefined);
  vi.stubEnv('RECRUITING_EMAIL', undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('./send-mail');
}

const message = { to: 'ada@example.com', subject: 'Onderwerp', text: 'Hallo Ada', html: '<p>Hallo Ada</p>' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('sendMail', () => {
  it('delivers through SMTP_URL from MAIL_FROM, marked as automatic, with both parts', async () => {
    const server = await fakeSmtp('accept');
    try {
      const { sendMail } = await loadSendMail({ SMTP_URL: `smtp://127.0.0.1:${server.port}`, MAIL_FROM: 'Bitwerf <noreply@bitwerf.nl>' });
      expect(await sendMail(message)).toEqual({ status: 'sent' });
      expect(await sendMail({ ...message, subject: 'Tweede' })).toEqual({ status: 'sent' });
      const [mail] = server.received;
      expect(mail).toMatch(/^From: Bitwerf <noreply@bitwerf\.nl>$/m);
      expect(mail).toMatch(/^To: ada@example\.com$/m);
      expect(mail).toMatch(/^Subject: Onderwerp$/m);
      expect(mail).toMatch(/^Auto-Submitted: auto-generated$/m);
      expect(mail).toMatch(/^Content-Type: text\/plain/m);
      expect(mail).toMatch(/^Content-Type: text\/html/m);
      // No pool: each mail opens its own connection and closes it.
      expect(server.connections).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('answers failed with a code, at once, when nothing listens, and logs neither address nor password', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const closed = await fakeSmtp('accept');
    await closed.close();
    const { sendMail } = await loadSendMail({ SMTP_URL: `smtp://user:hunter2@127.0.0.1:${closed.port}` });
    const started = Date.now();
    expect(await sendMail(message)).toEqual({ status: 'failed', code: 'ESOCKET' });
    expect(Date.now() - started).toBeLessThan(2000);
    const logged = error.mock.calls.flat().join(' ');
    expect(logged).toMatch(/^\[mail\] not sent: ESOCKET/);
    expect(logged).not.toMatch(/ada@example\.com|hunter2|Hallo|Onderwerp/);
  });

  it('gives up on a server that never greets after the greeting timeout, not nodemailer’s minutes', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = await fakeSmtp('silent');
    try {
      const { MAIL_TIMEOUTS, sendMail } = await loadSendMail({ SMTP_URL: `smtp://127.0.0.1:${server.port}` });
      expect(Math.max(...Object.values(MAIL_TIMEOUTS))).toBeLessThanOrEqual(15_000);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const result = sendMail(message);
      let settled = false;
      void result.finally(() => {
        settled = true;
      });
      // Small steps with real I/O in between: the client starts its greeting timer only once its
      // socket has connected. Twice the greeting timeout is still far below nodemailer's default (30 s).
      for (let elapsed = 0; !settled && elapsed < MAIL_TIMEOUTS.greetingTimeout * 2; elapsed += 250) {
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(250);
      }
      expect(server.connections).toBe(1);
      expect(await result).toEqual({ status: 'failed', code: 'ETIMEDOUT' });
      expect(error.mock.calls.flat().join(' ')).toMatch(/^\[mail\] not sent: ETIMEDOUT/);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  });

  it('answers ECONFIG instead of throwing when the settings are incomplete, naming them', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { sendMail } = await loadSendMail({ SMTP_URL: undefined, NEXT_PUBLIC_SUPABASE_URL: 'https://abcdefgh.supabase.co' });
    expect(await sendMail(message)).toEqual({ status: 'failed', code: 'ECONFIG' });
    expect(error.mock.calls.flat().join(' ')).toMatch(/SMTP_URL is missing[\s\S]*MAIL_FROM is missing[\s\S]*RECRUITING_EMAIL is missing/);
  });

  it('refuses a recipient that is not one address, before connecting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = await fakeSmtp('accept');
    try {
      const { sendMail } = await loadSendMail({ SMTP_URL: `smtp://127.0.0.1:${server.port}` });
      for (const to of ['ada@example.com, eve@example.com', 'ada@example.com\r\nBcc: eve@example.com', '']) {
        expect(await sendMail({ ...message, to })).toEqual({ status: 'failed', code: 'EADDRESS' });
      }
      expect(server.connections).toBe(0);
    } finally {
      await server.close();
    }
  });
});
