import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseSmsTemplate } from './auth/sms-template';
import { DEFAULT_PORT } from './keys';

/** The repository root, so defaults do not depend on the directory the process starts in. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The SMTP port of the Supabase CLI's Inbucket (`supabase start`), so mail settings written for it work unchanged. */
export const DEFAULT_SMTP_PORT = 54325;

/** The local identity provider's port (Bitwerf ID, Keycloak-shaped): beside the CLI's ports, and free in `supabase start`'s defaults. */
export const DEFAULT_IDP_PORT = 54329;

export interface LocalSupabaseOptions {
  /** 0 picks a free port. */
  port?: number;
  /**
   * The SMTP catcher's port on 127.0.0.1; 0 picks a free port. Defaults to 0 when `port` is 0, so
   * a test that asks for a free HTTP port never collides with a running backend's SMTP port
   * (see resolveSmtpPort).
   */
  smtpPort?: number;
  /** The local identity provider's port on 127.0.0.1; 0 picks a free port, and is the default when `port` is 0 (as for smtpPort). */
  idpPort?: number;
  /** Folder for the database, signing key and inbox; undefined keeps everything in memory. */
  dataDir?: string;
  jwtExpSeconds?: number;
  migrationsDir?: string;
  seedFile?: string;
  siteUrl?: string;
  quiet?: boolean;
  /**
   * Print e-mailed links (password reset) in the log. They carry a sign-in token, so the default
   * is dev only (`NODE_ENV` not `production`); the inbox keeps them either way.
   */
  logEmailLinks?: boolean;
  /**
   * The `/token` limit per client IP; `false` turns it off (tests that sign in more than the
   * burst allows). Defaults to GoTrue's 150 per 5 minutes with a burst of 30.
   */
  tokenRateLimit?: TokenRateLimit | false;
  /** The `/verify` limit per client IP, like GoTrue's RATE_LIMIT_VERIFY (30 per 5 minutes, burst 30); `false` turns it off. */
  verifyRateLimit?: TokenRateLimit | false;
  /** A session's longest life in seconds, like GoTrue's sessions.timebox; 0 is no limit. */
  sessionTimeboxSeconds?: number;
  /** How long a session may go unrefreshed, like GoTrue's sessions.inactivity_timeout; 0 is no limit. */
  sessionInactivitySeconds?: number;
  /** Phone MFA, `[auth.mfa.phone]`; whatever is left out keeps MFA_PHONE_DEFAULTS. */
  mfaPhone?: Partial<MfaPhoneSettings>;
}

/** GoTrue's `MFA.Phone` (`GOTRUE_MFA_PHONE_*`), as `[auth.mfa.phone]` in supabase/config.toml sets it. */
export interface MfaPhoneSettings {
  enrollEnabled: boolean;
  verifyEnabled: boolean;
  /** Digits of a code; GoTrue takes 6 for anything outside 6–10. */
  otpLength: number;
  /** Least seconds between two challenges of one factor; GoTrue takes 60 for 0. */
  maxFrequencySeconds: number;
  /** A Go text/template; `{{ .Code }}` is the only value GoTrue gives it. GoTrue takes its default for "". */
  template: string;
}

/**
 * The values of `[auth.mfa.phone]` in supabase/config.toml (phone MFA on: the account page links
 * a phone as a second factor; a hosted project needs an SMS provider for it, docs/features/sign-in.md), and
 * for what that section leaves out the hosted project's defaults: the Management
 * API reports `mfa_phone_otp_length: 6`, `mfa_phone_max_frequency: 5` and
 * `mfa_phone_template: "Your code is {{ .Code }}"` for a new project, and the CLI's config
 * template has the same. test/mfa-phone-config.test.ts holds these and the file together, so
 * turning phone MFA off again means changing both.
 */
export const MFA_PHONE_DEFAULTS: MfaPhoneSettings = {
  enrollEnabled: true,
  verifyEnabled: true,
  otpLength: 6,
  maxFrequencySeconds: 5,
  template: 'Your code is {{ .Code }}',
};

/** GoTrue's `ApplyDefaults` for `MFA.Phone`: a zero frequency is a minute, an odd length or empty template the default. */
export function resolveMfaPhone(option: Partial<MfaPhoneSettings> | undefined): MfaPhoneSettings {
  const settings = { ...MFA_PHONE_DEFAULTS, ...option };
  const template = settings.template === '' ? MFA_PHONE_DEFAULTS.template : settings.template;
  // Refused here, before anything is opened, like GoTrue refusing to start on a template it cannot parse.
  parseSmsTemplate(template);
  return {
    ...settings,
    otpLength: Number.isInteger(settings.otpLength) && settings.otpLength >= 6 && settings.otpLength <= 10 ? settings.otpLength : 6,
    maxFrequencySeconds: settings.maxFrequencySeconds === 0 ? 60 : settings.maxFrequencySeconds,
    template,
  };
}

/**
 * The session limits the privacy statement promises, the same as `[auth.sessions]` in
 * supabase/config.toml for the hosted project (src/lib/legal-pages.test.ts holds all three together).
 */
export const DEFAULT_SESSION_TIMEBOX_SECONDS = 30 * 24 * 3600;
export const DEFAULT_SESSION_INACTIVITY_SECONDS = 7 * 24 * 3600;

export interface TokenRateLimit {
  perFiveMinutes: number;
  burst: number;
}

export interface ResolvedConfig {
  port: number;
  smtpPort: number;
  idpPort: number;
  dataDir: string | undefined;
  jwtExpSeconds: number;
  migrationsDir: string;
  seedFile: string;
  siteUrl: string;
  /**
   * The only origins browsers may call the backend from: the site URL's origin and, when that is
   * a loopback name, its other loopback spellings (see siteOrigins).
   */
  allowedOrigins: string[];
  /** Extra redirect targets, like GoTrue's GOTRUE_URI_ALLOW_LIST. */
  redirectAllowList: string[];
  /** Token-endpoint limit per IP, like GOTRUE_RATE_LIMIT_TOKEN_REFRESH; undefined when off. */
  tokenRateLimit: TokenRateLimit | undefined;
  /** `/verify` limit per IP, like RATE_LIMIT_VERIFY; undefined when off. */
  verifyRateLimit: TokenRateLimit | undefined;
  /** Session limits in seconds (0: none), like GOTRUE_SESSIONS_TIMEBOX and GOTRUE_SESSIONS_INACTIVITY_TIMEOUT. */
  sessionTimeboxSeconds: number;
  sessionInactivitySeconds: number;
  mfaPhone: MfaPhoneSettings;
  quiet: boolean;
  logEmailLinks: boolean;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function resolveRateLimit(
  option: TokenRateLimit | false | undefined,
  name: string,
  raw: string | undefined,
  fallback: number,
): TokenRateLimit | undefined {
  if (option === false) return undefined;
  if (option !== undefined) return option;
  // 0 turns the limit off, e.g. for end-to-end suites that sign in many times from one IP.
  const perFiveMinutes = positiveInt(name, raw, fallback);
  return perFiveMinutes === 0 ? undefined : { perFiveMinutes, burst: 30 };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The CORS allow-list, derived from the one site URL setting: `http://localhost:3000` also
 * admits `http://127.0.0.1:3000` and `http://[::1]:3000` (same scheme and port), because a
 * developer may open the site under any of them; any other site URL admits only its own origin.
 */
export function siteOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port === '' ? '' : `:${url.port}`}`);
}

/** Explicit options win over the environment, which wins over the defaults in the README. */
/** Origins of the redirect URLs whose host is spelled out: a site also served there may call the backend. */
function redirectOrigins(entries: string[]): string[] {
  return entries.flatMap((entry) => {
    const origin = /^https?:\/\/[^/*?#]+/.exec(entry)?.[0];
    if (origin === undefined) return [];
    try {
      return [new URL(origin).origin];
    } catch {
      return [];
    }
  });
}

/**
 * The SMTP port beside HTTP `port`: the option, else a free one when `port` is 0 (a test's backend
 * must not take the SMTP port of one already running, whatever the environment says), else
 * LOCAL_SUPABASE_SMTP_PORT, else 54325.
 */
export function resolveSmtpPort(port: number, smtpPort: number | undefined, env: NodeJS.ProcessEnv = process.env): number {
  if (smtpPort !== undefined) return smtpPort;
  if (port === 0) return 0;
  return positiveInt('LOCAL_SUPABASE_SMTP_PORT', env.LOCAL_SUPABASE_SMTP_PORT, DEFAULT_SMTP_PORT);
}

/** The identity provider's port beside HTTP `port`, by the same rules as resolveSmtpPort: LOCAL_SUPABASE_IDP_PORT, else 54329. */
export function resolveIdpPort(port: number, idpPort: number | undefined, env: NodeJS.ProcessEnv = process.env): number {
  if (idpPort !== undefined) return idpPort;
  if (port === 0) return 0;
  return positiveInt('LOCAL_SUPABASE_IDP_PORT', env.LOCAL_SUPABASE_IDP_PORT, DEFAULT_IDP_PORT);
}

export function resolveConfig(options: LocalSupabaseOptions, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  const siteUrl = (options.siteUrl ?? env.LOCAL_SUPABASE_SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const redirectAllowList = (env.LOCAL_SUPABASE_REDIRECT_URLS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const port = options.port ?? positiveInt('LOCAL_SUPABASE_PORT', env.LOCAL_SUPABASE_PORT, DEFAULT_PORT);
  return {
    port,
    smtpPort: resolveSmtpPort(port, options.smtpPort, env),
    idpPort: resolveIdpPort(port, options.idpPort, env),
    dataDir: options.dataDir,
    jwtExpSeconds: options.jwtExpSeconds ?? positiveInt('LOCAL_SUPABASE_JWT_EXP', env.LOCAL_SUPABASE_JWT_EXP, 3600),
    migrationsDir: options.migrationsDir ?? path.join(REPO_ROOT, 'supabase/migrations'),
    seedFile: options.seedFile ?? path.join(REPO_ROOT, 'supabase/seed.sql'),
    siteUrl,
    allowedOrigins: [...new Set([...siteOrigins(siteUrl), ...redirectOrigins(redirectAllowList)])],
    redirectAllowList,
    tokenRateLimit: resolveRateLimit(
      options.tokenRateLimit,
      'LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH',
      env.LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH,
      150,
    ),
    verifyRateLimit: resolveRateLimit(
      options.verifyRateLimit,
      'LOCAL_SUPABASE_RATE_LIMIT_VERIFY',
      env.LOCAL_SUPABASE_RATE_LIMIT_VERIFY,
      30,
    ),
    sessionTimeboxSeconds:
      options.sessionTimeboxSeconds ??
      positiveInt('LOCAL_SUPABASE_SESSION_TIMEBOX', env.LOCAL_SUPABASE_SESSION_TIMEBOX, DEFAULT_SESSION_TIMEBOX_SECONDS),
    sessionInactivitySeconds:
      options.sessionInactivitySeconds ??
      positiveInt(
        'LOCAL_SUPABASE_SESSION_INACTIVITY_TIMEOUT',
        env.LOCAL_SUPABASE_SESSION_INACTIVITY_TIMEOUT,
        DEFAULT_SESSION_INACTIVITY_SECONDS,
      ),
    mfaPhone: resolveMfaPhone(options.mfaPhone),
    quiet: options.quiet ?? false,
    logEmailLinks: options.logEmailLinks ?? env.NODE_ENV !== 'production',
  };
}

/** The data folder `npm run backend` uses. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.LOCAL_SUPABASE_DATA_DIR ?? path.join(REPO_ROOT, '.local-supabase'));
}
