import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import nextEnv from '@next/env';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';

import { DEFAULT_PORT, SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import { ensureGlobalWebSocket } from '../local-supabase/src/websocket-polyfill';
import { enrolmentLink, issueEnrolmentWithServiceRole } from '../src/lib/staff/enrolment-token';
import { isStaff, parseStaffRoles, STAFF_ROLES, staffRolesOf, type StaffRole } from '../src/lib/staff/roles';

/**
 * `npm run users -- <create|roles|list|delete> …`: account administration through the Auth admin
 * API, so it works the same against the local backend and a hosted project. Staff roles live in
 * app_metadata, which only the service role writes (src/lib/staff/roles.ts).
 */
const USAGE = `Usage:
  npm run users -- create --email <email> --password <password> [--staff --roles <roles> [--locale en]]
  npm run users -- enrol --email <email> [--locale en]
  npm run users -- roles --email <email> --roles <roles>
  npm run users -- list
  npm run users -- delete --email <email>
Staff roles, comma-separated: ${STAFF_ROLES.join(', ')}
A staff account links its authenticator app only through the single-use enrolment link that
create --staff and enrol print (valid for a day); until then it has no staff access.`;

export class UsageError extends Error {}

/** The variables read; a plain record so callers need not fake all of `process.env`. */
type Env = Record<string, string | undefined>;

interface Target {
  url: string;
  serviceKey: string;
}

/** The local backend's address, on the port the site's own start uses for it (scripts/lib/local-backend.ts). */
function localUrl(env: Env): string {
  const port = env.LOCAL_SUPABASE_PORT === undefined || env.LOCAL_SUPABASE_PORT === '' ? DEFAULT_PORT : Number(env.LOCAL_SUPABASE_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new UsageError(`LOCAL_SUPABASE_PORT must be a port number, not ${env.LOCAL_SUPABASE_PORT}.`);
  return `http://127.0.0.1:${port}`;
}

/** The configured project if there is one, else the local backend (on LOCAL_SUPABASE_PORT) with its well-known key. */
export function resolveTarget(env: Env): Target {
  const url = env.NEXT_PUBLIC_SUPABASE_URL;
  if (url === undefined || url === '') return { url: localUrl(env), serviceKey: SERVICE_ROLE_KEY };
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY;
  if (serviceKey === undefined || serviceKey === '') {
    throw new UsageError(`NEXT_PUBLIC_SUPABASE_URL is set to ${url}, but SUPABASE_SERVICE_ROLE_KEY is missing; the admin API needs it.`);
  }
  return { url, serviceKey };
}

/** The site the enrolment link points at, as the site itself reads it (src/lib/env/public.ts). */
function siteUrlOf(env: Env): string {
  const url = env.NEXT_PUBLIC_SITE_URL;
  return url === undefined || url === '' ? 'http://localhost:3000' : url;
}

function localeOf(value: string | undefined): 'nl' | 'en' {
  if (value === undefined || value === 'nl') return 'nl';
  if (value === 'en') return 'en';
  throw new UsageError(`--locale is nl or en.\n${USAGE}`);
}

async function findByEmail(admin: SupabaseClient, email: string): Promise<User | undefined> {
  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 200 });
    if (error !== null) throw error;
    const match = data.users.find((user) => user.email?.toLowerCase() === email.toLowerCase());
    if (match !== undefined || data.users.length < 200) return match;
  }
}

function staffRoles(list: string): StaffRole[] {
  try {
    return parseStaffRoles(list);
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}.\n${USAGE}`);
  }
}

const describeRoles = (roles: readonly StaffRole[]) => (roles.length === 0 ? 'no roles' : roles.join(', '));

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`Missing --${flag}.\n${USAGE}`);
  return value;
}

/** Runs one command; returns the lines to print. Errors are thrown for the caller to report. */
export async function runUsers(argv: string[], env: Env): Promise<string[]> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      staff: { type: 'boolean', default: false },
      roles: { type: 'string' },
      locale: { type: 'string' },
    },
  });
  const [command] = positionals;
  const target = resolveTarget(env);
  ensureGlobalWebSocket();
  const admin = createClient(target.url, target.serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const explain = (error: Error): Error =>
    error.name === 'AuthRetryableFetchError' && target.serviceKey === SERVICE_ROLE_KEY
      ? new Error(`Cannot reach the local backend at ${target.url}. Start it with \`npm run backend\`.`)
      : error;
  /** The account with this e-mail address; an error that names it when there is none. */
  const existingUser = async (email: string): Promise<User> => {
    let user: User | undefined;
    try {
      user = await findByEmail(admin, email);
    } catch (error) {
      throw explain(error instanceof Error ? error : new Error(String(error)));
    }
    if (user === undefined) throw new Error(`No user with e-mail ${email} on ${target.url}`);
    return user;
  };

  switch (command) {
    case 'create': {
      const email = required(values.email, 'email');
      const password = required(values.password, 'password');
      // A staff account is made for a job: its roles are named, never implied.
      if (values.staff !== (values.roles !== undefined)) throw new UsageError(`--staff and --roles go together.\n${USAGE}`);
      const roles = values.roles === undefined ? [] : staffRoles(values.roles);
      const locale = localeOf(values.locale);
      const { data, error } = await admin.auth.admin.createUser({
        email,
        password,
        email_confirm: true,
        ...(values.staff ? { app_metadata: { role: 'staff', staff_roles: roles } } : {}),
      });
      if (error !== null) throw explain(error);
      const created = `Created ${data.user.email ?? email} (${data.user.id})${values.staff ? ` as staff (${describeRoles(roles)})` : ''} on ${target.url}`;
      if (!values.staff) return [created];
      return [created, ...(await enrolmentLines(admin, data.user.id, env, locale))];
    }
    case 'enrol': {
      const email = required(values.email, 'email');
      const locale = localeOf(values.locale);
      const user = await existingUser(email);
      if (!isStaff(user)) throw new Error(`${email} is not a staff account; give it roles first (npm run users -- roles).`);
      return enrolmentLines(admin, user.id, env, locale);
    }
    case 'roles': {
      const email = required(values.email, 'email');
      if (values.roles === undefined) throw new UsageError(`Missing --roles (an empty value takes every role away).\n${USAGE}`);
      const roles = staffRoles(values.roles);
      const user = await existingUser(email);
      const { error } = await admin.auth.admin.updateUserById(user.id, { app_metadata: { role: 'staff', staff_roles: roles } });
      if (error !== null) throw explain(error);
      return [`${email} is staff with ${describeRoles(roles)} on ${target.url}`];
    }
    case 'list': {
      const lines: string[] = [];
      for (let page = 1; ; page += 1) {
        const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 200 });
        if (error !== null) throw explain(error);
        for (const user of data.users) {
          const role = isStaff(user) ? `staff (${describeRoles(staffRolesOf(user))})` : 'client';
          lines.push(`${user.email ?? '(no email)'}\t${role}\t${user.id}`);
        }
        if (data.users.length < 200) return lines.length === 0 ? ['No users.'] : lines;
      }
    }
    case 'delete': {
      const email = required(values.email, 'email');
      const user = await existingUser(email);
      const { error } = await admin.auth.admin.deleteUser(user.id);
      if (error !== null) throw explain(error);
      return [`Deleted ${email} (${user.id}) from ${target.url}`];
    }
    default:
      throw new UsageError(command === undefined ? USAGE : `Unknown command "${command}".\n${USAGE}`);
  }
}

/** Issues a fresh enrolment link (earlier unused ones stop working) and says how to hand it over. */
async function enrolmentLines(admin: SupabaseClient, userId: string, env: Env, locale: 'nl' | 'en'): Promise<string[]> {
  const { token, expiresAt } = await issueEnrolmentWithServiceRole(admin, userId);
  return [
    `Enrolment link (single use, valid until ${expiresAt.toISOString()}); hand it to this person only, in person or over a channel you trust:`,
    enrolmentLink(siteUrlOf(env), token, locale),
  ];
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  nextEnv.loadEnvConfig(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), false, {
    info: () => undefined,
    error: console.error,
  });
  runUsers(process.argv.slice(2), process.env).then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
