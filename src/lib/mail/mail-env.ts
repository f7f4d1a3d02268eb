import 'server-only';

import { company } from '@/lib/company';
import { isLoopbackUrl } from '@/lib/net/loopback';
import { getSupabasePublicEnv } from '@/lib/supabase/env';

/** Where the site's own mails go out and whom they come from, checked together. */
export type MailEnv = {
  /** A nodemailer connection URL: `smtps://user:password@smtp.example.com:465` or `smtp://…:587`. */
  smtpUrl: string;
  /** The From header: `Name <address>` or a bare address. */
  from: string;
  /** The firm's recruiting mailbox, which is told about each new application. */
  recruitingEmail: string;
};

/** The firm's own address (`src/lib/company.ts`), good enough for mail that never leaves this machine. */
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
export function readMailEnv(env: Record<string, string | undefined>, backendUrl: string): MailEnv {
  const localBackend = isLoopbackUrl(backendUrl);
  const problems: string[] = [];

  const smtpUrl = env.SMTP_URL?.trim() ?? '';
  if (smtpUrl === '') {
    problems.push("SMTP_URL is missing: set your SMTP provider's connection URL, e.g. smtps://user:password@smtp.example.com:465");
  } else {
    const problem = smtpUrlProblem(smtpUrl);
    if (problem !== undefined) problems.push(problem);
  }

  const from = env.MAIL_FROM?.trim() || (localBackend ? LOCAL_MAIL_FROM : '');
  if (from === '') {
    problems.push('MAIL_FROM is missing: set the sender, e.g. "Bitwerf <hallo@bitwerf.nl>", an address your SMTP provider may send from');
  } else if (!isFrom(from)) {
    problems.push('MAIL_FROM must be one address, alone or as "Name <address>"');
  }

  const recruitingEmail = env.RECRUITING_EMAIL?.trim() || (localBackend ? LOCAL_RECRUITING_EMAIL : '');
  if (recruitingEmail === '') {
    problems.push('RECRUITING_EMAIL is missing: set the mailbox that is told about new applications');
  } else if (!ADDRESS.test(recruitingEmail)) {
    problems.push('RECRUITING_EMAIL must be one bare address, e.g. jobs@bitwerf.nl');
  }

  if (problems.length > 0) throw new Error(`Mail configuration is incomplete (see .env.example):\n- ${problems.join('\n- ')}`);
  return { smtpUrl, from, recruitingEmail };
}

// Module state on purpose: configuration does not change while the process runs, so it is
// checked once; a broken configuration fails every send, loudly, until it is fixed and restarted.
let cached: MailEnv | undefined;

export function getMailEnv(): MailEnv {
  cached ??= readMailEnv(process.env, getSupabasePublicEnv().url);
  return cached;
}
