import 'server-only';

import nodemailer from 'nodemailer';

import { getMailEnv, isMailAddress } from '@/lib/env/mail';

export type MailMessage = {
  /** One address. */
  to: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * `code` says why a mail was not sent, never to whom: nodemailer's error code (`ECONNECTION`,
 * `ETIMEDOUT`, `EAUTH`, `EENVELOPE`, `ETLS`, …), `ECONFIG` when the mail settings are missing or
 * invalid, `EADDRESS` when `to` is not one address, `ETEMPLATE` when a mail could not be rendered.
 */
export type MailResult = { status: 'sent' } | { status: 'failed'; code: string };

/**
 * nodemailer waits minutes by default (2 for the connection, 10 for a silent socket). The mails are
 * sent while a visitor waits for an answer, so a dead or unreachable server must fail in seconds.
 * A `?greetingTimeout=…` (etc.) in SMTP_URL overrides these, as nodemailer lets URL values win.
 */
export const MAIL_TIMEOUTS = { dnsTimeout: 5_000, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 } as const;

function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost';
}

function createMailTransport(smtpUrl: string) {
  const { protocol, hostname } = new URL(smtpUrl);
  return nodemailer.createTransport({
    url: smtpUrl,
    ...MAIL_TIMEOUTS,
    // smtp:// to another machine must upgrade with STARTTLS, so neither the password nor an
    // applicant's mail crosses the network in the clear. (`?requireTLS=false` in the URL overrides it.)
    requireTLS: protocol === 'smtp:' && !isLoopbackHost(hostname),
    // The messages are strings built here: no field may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

// Module state on purpose: the SMTP settings do not change while the process runs, so one
// transport serves every request. It holds no visitor data (no pool, no open connection: each
// mail opens and closes its own), so it is safe to share between requests.
let transport: ReturnType<typeof createMailTransport> | undefined;

/** nodemailer's code for the failure, or EUNKNOWN; only ever a code, so a log line holds no address or text. */
function failureCode(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,31}$/.test(code) ? code : 'EUNKNOWN';
}

function responseCode(error: unknown): string {
  const value = error instanceof Error && 'responseCode' in error ? error.responseCode : undefined;
  return typeof value === 'number' && Number.isInteger(value) ? ` (SMTP ${value})` : '';
}

/**
 * Sends one mail through SMTP_URL, from MAIL_FROM. Never throws for a failed delivery or a broken
 * configuration: the caller gets `failed` and decides what the visitor is told.
 * IMPORTANT: logs only a failure code, never an address, a subject, a body or the SMTP URL (which
 * holds the password).
 */
export async function sendMail(message: MailMessage): Promise<MailResult> {
  let env;
  try {
    env = getMailEnv();
  } catch (error) {
    // The message names the variables, never their values.
    console.error(`[mail] not sent: ECONFIG. ${error instanceof Error ? error.message : ''}`);
    return { status: 'failed', code: 'ECONFIG' };
  }
  if (!isMailAddress(message.to)) {
    console.error('[mail] not sent: EADDRESS');
    return { status: 'failed', code: 'EADDRESS' };
  }
  try {
    transport ??= createMailTransport(env.smtpUrl);
    await transport.sendMail({
      from: env.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // RFC 3834: no out-of-office or other automatic reply should answer a mail nobody wrote by hand.
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    return { status: 'sent' };
  } catch (error) {
    const code = failureCode(error);
    console.error(`[mail] not sent: ${code}${responseCode(error)}`);
    return { status: 'failed', code };
  }
}
