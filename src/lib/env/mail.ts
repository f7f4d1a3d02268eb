import 'server-only';

import { z } from 'zod';

import { companyDefaults as company } from '@/lib/company/defaults';
import { getSupabasePublicEnv } from '@/lib/env/supabase-public';
import { isLoopbackUrl } from '@/lib/net/loopback';

import { parseEnv, trimmedVariable, type RawEnv } from './parse-env';

/** Where the site's own mails go out and whom they come from, checked together. */
export type MailEnv = {
  /** A nodemailer connection URL: `smtps://user:password@smtp.example.com:465` or `smtp://…:587`. */
  smtpUrl: string;
  /** The From header: `Name <address>` or a bare address. */
  from: string;
  /** The firm's recruiting mailbox, which is told about each new application. */
  recruitingEmail: string;
};

/** The firm's default address (`src/lib/company/defaults.ts`), good enough for mail that never leaves this machine. */
export const LOCAL_MAIL_FROM = `${company.name} <${company.email}>`;
export const LOCAL_RECRUITING_EMAIL = company.email;

// Deliberately plain: the address only has to be one address a mail server will take, and a
// character that could end a header, start a second address or hide one is refused.
const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;
const NAMED_ADDRESS = /^([^<>"\\,;:\p{Cc}]*)<([^<>]+)>$/u;

/** One plain address (`a@b.nl`), nothing a mail header could read as more than one. */
export function isMailAddress(value: string): boolean {
  return ADDRESS.test(value);
}

function isFrom(value: string): boolean {
  const named = NAMED_ADDRESS.exec(value);
  return named === null ? ADDRESS.test(value) : ADDRESS.test(named[2]?.trim() ?? '');
}

/**
 * Why SMTP_URL cannot be used, or undefined. IMPORTANT: never quote the value: it usually holds the
 * SMTP password.
 */
function smtpUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'SMTP_URL is not a URL: write it as smtps://user:password@smtp.example.com:465, with special characters in the user name and password percent-encoded';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return 'SMTP_URL must start with smtps:// (TLS from the start, usually port 465) or smtp:// (STARTTLS, usually port 587)';
  }
  if (url.hostname === '') return 'SMTP_URL names no host';
  return undefined;
}

/**
 * Reads and checks the mail settings. Throws one error that names every missing or invalid
 * variable. With a backend on this machine (the embedded one passes SMTP_URL itself) the sender
 * and the recruiting address default to the firm's own; a hosted project must set both, so a
 * deployment never sends from, or to, an address nobody chose.
 */
export function readMailEnv(env: RawEnv, backendUrl: string): MailEnv {
  const orLocal = (fallback: string) => trimmedVariable.transform((value) => value || (isLoopbackUrl(backendUrl) ? fallback : ''));
  const schema = z
    .object({
      SMTP_URL: trimmedVariable.pipe(
        z
          .string()
          .min(1, {
            error: "SMTP_URL is missing: set your SMTP provider's connection URL, e.g. smtps://user:password@smtp.example.com:465",
            abort: true,
          })
          // The problem's own words only: the value usually holds the SMTP password.
          .check((context) => {
            const problem = smtpUrlProblem(context.value);
            if (problem !== undefined) context.issues.push({ code: 'custom', message: problem, input: '' });
          }),
      ),
      MAIL_FROM: orLocal(LOCAL_MAIL_FROM).pipe(
        z
          .string()
          .min(1, {
            error: 'MAIL_FROM is missing: set the sender, e.g. "Bitwerf <hallo@bitwerf.nl>", an address your SMTP provider may send from',
            abort: true,
          })
          .refine(isFrom, 'MAIL_FROM must be one address, alone or as "Name <address>"'),
      ),
      RECRUITING_EMAIL: orLocal(LOCAL_RECRUITING_EMAIL).pipe(
        z
          .string()
          .min(1, { error: 'RECRUITING_EMAIL is missing: set the mailbox that is told about new applications', abort: true })
          .refine(isMailAddress, 'RECRUITING_EMAIL must be one bare address, e.g. jobs@bitwerf.nl'),
      ),
    })
    .transform((mail): MailEnv => ({ smtpUrl: mail.SMTP_URL, from: mail.MAIL_FROM, recruitingEmail: mail.RECRUITING_EMAIL }));
  return parseEnv(schema, env, 'Mail configuration is incomplete');
}

// Module state on purpose: configuration does not change while the process runs, so it is
// checked once; a broken configuration fails every send, loudly, until it is fixed and restarted.
let cached: MailEnv | undefined;

export function getMailEnv(): MailEnv {
  cached ??= readMailEnv(process.env, getSupabasePublicEnv().url);
  return cached;
}
