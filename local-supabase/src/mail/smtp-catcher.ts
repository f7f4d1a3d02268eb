import type { AddressInfo } from 'node:net';

import type { PGlite } from '@electric-sql/pglite';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

import type { Inbox } from '../inbox/inbox';

/**
 * Inbucket's part of `supabase start`: an SMTP server that keeps every mail it is handed in the
 * local inbox (`/inbox/v1/messages`, beside the Auth mails) and never relays one. The site sends
 * through it with nodemailer exactly as it sends through a real provider, so the code path a
 * deployment runs is the one tried locally.
 */

/** Inbucket's default message limit; the site's mails are a few kilobytes, with no attachments. */
export const MAX_MESSAGE_BYTES = 10_240_000;
/** Inbucket's default too: each recipient becomes an inbox row, so a mail cannot add thousands. */
export const MAX_RECIPIENTS = 200;
/** How long stop() lets a mail in progress finish before it closes the connection. */
const CLOSE_TIMEOUT_MS = 2_000;

/** The only address it binds: it accepts any mail from anyone, with no authentication. */
const LOOPBACK = '127.0.0.1';

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, a nodemailer connection URL (no TLS, no credentials). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface SmtpCatcherOptions {
  db: PGlite;
  inbox: Inbox;
  /** 0 picks a free port. */
  port: number;
  /** Only `127.0.0.1` is accepted; anything else is refused before a socket is opened. */
  host?: string;
  log: (line: string) => void;
}

const TRAILING_PUNCTUATION = /[.,;:!?'"]$/;

/**
 * The http(s) links of a plain-text body, in order of appearance, each once. Sentence punctuation
 * after a link and a closing bracket that does not belong to it (`(see https://x.nl/a)`) are not
 * part of it, so `links[0]` is what a reader would click.
 */
export function extractLinks(text: string): string[] {
  const links: string[] = [];
  for (const [match] of text.matchAll(/https?:\/\/[^\s<>"]+/gi)) {
    let link = match;
    for (;;) {
      if (TRAILING_PUNCTUATION.test(link)) link = link.slice(0, -1);
      else if (link.endsWith(')') && link.split('(').length < link.split(')').length) link = link.slice(0, -1);
      else if (link.endsWith(']') && link.split('[').length < link.split(']').length) link = link.slice(0, -1);
      else break;
    }
    if (!links.includes(link)) links.push(link);
  }
  return links;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** The message as sent, or undefined when it went over MAX_MESSAGE_BYTES (the rest is drained, not kept). */
async function readMessage(stream: SMTPServerDataStream): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  // smtp-server writes the message into this stream as Buffers.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
  }
  return stream.sizeExceeded || size > MAX_MESSAGE_BYTES ? undefined : Buffer.concat(chunks);
}

/** One recipient address once, however often the envelope names it (case aside). */
function recipients(session: SMTPServerSession): string[] {
  const seen = new Map<string, string>();
  for (const { address } of session.envelope.rcptTo) {
    if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}

export async function startSmtpCatcher(options: SmtpCatcherOptions): Promise<SmtpCatcher> {
  const { db, inbox, log } = options;
  const host = options.host ?? LOOPBACK;
  if (host !== LOOPBACK) {
    // It takes mail from anyone without a password and shows it to anyone with the published
    // service-role key: reachable from another machine it would be an open drop box.
    throw new Error(`The SMTP catcher listens on ${LOOPBACK} only, not on ${host}`);
  }

  const server = new SMTPServer({
    // A local catcher: no TLS to offer (nodemailer would try STARTTLS against a self-signed
    // certificate and fail) and no accounts to check.
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'local Supabase SMTP catcher: mail is kept in the local inbox, never sent',
    size: MAX_MESSAGE_BYTES,
    maxRecipients: MAX_RECIPIENTS,
    disableReverseLookup: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,
    onData(stream, session, callback) {
      readMessage(stream)
        .then(async (raw) => {
          if (raw === undefined) throw smtpError(`Message exceeds the fixed maximum message size of ${MAX_MESSAGE_BYTES} bytes`, 552);
          const mail = await simpleParser(raw, { skipImageLinks: true });
          // mailparser derives the text from the HTML part when a mail has none.
          const text = mail.text ?? '';
          const message = { subject: mail.subject ?? '', text, html: mail.html || '', links: extractLinks(text) };
          // All recipients or none: the client is told the mail failed when any row could not be written.
          await db.transaction(async (tx) => {
            for (const to of recipients(session)) await inbox.deliver(tx, { to, ...message });
          });
        })
        .then(
          () => callback(),
          (error: unknown) => {
            if (!(error instanceof Error && 'responseCode' in error)) log(`[smtp] mail not kept: ${String(error)}`);
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    // SMTPServer re-emits its listener's errors; until it listens, one means it cannot start.
    const failed = (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `SMTP port ${options.port} on ${LOOPBACK} is already in use (set LOCAL_SUPABASE_SMTP_PORT)`
            : String(error),
          {
            cause: error,
          },
        ),
      );
    };
    server.once('error', failed);
    server.listen(options.port, LOOPBACK, () => {
      server.off('error', failed);
      resolve();
    });
  });
  // From now on an error is a client that dropped its connection; without a listener it would end the process.
  server.on('error', (error) => log(`[smtp] ${error.message}`));
  // Listening on a TCP port, so the address is an AddressInfo (a string only for a pipe).
  const { port } = server.server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `smtp://${LOOPBACK}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closing;
    },
  };
}
