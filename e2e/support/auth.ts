import { randomUUID } from 'node:crypto';

import type { BrowserContext, Page } from '@playwright/test';
import { createServerClient } from '@supabase/ssr';
import { generate } from 'otplib';

import { backendUrl } from './backend';
import { expect, localized, type LocaleCase } from './i18n';
import { baseURL } from '../../config/e2e-servers';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../local-supabase/src/keys';
import enAccount from '../../public/locales/en/account.json' with { type: 'json' };
import enAuth from '../../public/locales/en/auth.json' with { type: 'json' };
import nlAccount from '../../public/locales/nl/account.json' with { type: 'json' };
import nlAuth from '../../public/locales/nl/auth.json' with { type: 'json' };
import { hashEnrolmentToken, newEnrolmentToken } from '../../src/lib/staff/enrolment-token';
import { STAFF_ROLES, type StaffRole } from '../../src/lib/staff/roles';

export const authTexts = { nl: nlAuth, en: enAuth };
export const accountTexts = { nl: nlAccount, en: enAccount };

/** `enrolmentToken`: the staff enrolment link's token, issued with the account as `npm run users -- create --staff` does. */
export type TestUser = { email: string; password: string; enrolmentToken?: string };

const serviceHeaders = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };

/**
 * A fresh, confirmed user per test, so tests never share a session or a factor. `staff` marks it as
 * the firm's staff, with every role unless `roles` names fewer, and issues its enrolment link: like
 * a real staff account it counts as staff only once it linked its authenticator with that link.
 */
export async function createTestUser(
  prefix = 'e2e',
  { staff = false, roles = STAFF_ROLES }: { staff?: boolean; roles?: readonly StaffRole[] } = {},
): Promise<TestUser> {
  const user = { email: `${prefix}-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  // The admin API over plain fetch: supabase-js would want a WebSocket for realtime, which Node 20 lacks.
  const response = await fetch(`${backendUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: serviceHeaders,
    body: JSON.stringify({ ...user, email_confirm: true, ...(staff ? { app_metadata: { role: 'staff', staff_roles: roles } } : {}) }),
  });
  if (!response.ok) throw new Error(`could not create ${user.email}: ${response.status} ${await response.text()}`);
  if (!staff) return user;
  const { id } = (await response.json()) as { id: string };
  const enrolmentToken = newEnrolmentToken();
  const issued = await fetch(`${backendUrl}/rest/v1/staff_enrolments`, {
    method: 'POST',
    headers: serviceHeaders,
    body: JSON.stringify({
      user_id: id,
      token_hash: hashEnrolmentToken(enrolmentToken),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  });
  if (!issued.ok) throw new Error(`could not issue an enrolment link for ${user.email}: ${issued.status} ${await issued.text()}`);
  return { ...user, enrolmentToken };
}

/** Opens a staff member's enrolment link, as they would from the message an admin sent; it lands on the account page. */
export async function openEnrolmentLink(page: Page, lc: LocaleCase, user: TestUser) {
  if (user.enrolmentToken === undefined) throw new Error(`${user.email} has no enrolment link`);
  await page.goto(`${localized(lc, '/account/enrol')}?token=${user.enrolmentToken}`);
}

/**
 * A TOTP code for `secret`. After a code is used, the next one must come from
 * a later 30-second step or the provider might see the same code twice, so
 * callers can ask for a code from the next step.
 */
export async function totp(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

export async function signInWithPassword(page: Page, lc: LocaleCase, user: TestUser, next?: string) {
  const t = authTexts[lc.locale].signIn;
  const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
  await page.goto(`${localized(lc, '/sign-in')}${query}`);
  await page.getByRole('textbox', { name: t.email }).fill(user.email);
  await page.getByLabel(t.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: t.submit }).click();
}

/** Signs in and waits for the account page. */
export async function signIn(page: Page, lc: LocaleCase, user: TestUser) {
  await signInWithPassword(page, lc, user);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts[lc.locale].title })).toBeVisible();
}

/**
 * Signs in through the Auth API and gives the browser the session cookies the site itself would
 * set (written by @supabase/ssr, as the site's server client writes them), then opens the account
 * page. For tests about what comes after sign-in; the form has its own tests (auth.spec.ts).
 */
export async function signInThroughApi(page: Page, lc: LocaleCase, user: TestUser) {
  const cookies: { name: string; value: string }[] = [];
  const client = createServerClient(backendUrl, ANON_KEY, {
    cookies: {
      getAll: () => [],
      setAll: (written) => {
        for (const { name, value } of written) cookies.push({ name, value });
      },
    },
  });
  const { error } = await client.auth.signInWithPassword(user);
  if (error) throw new Error(`could not sign in ${user.email}: ${error.message}`);
  expect(cookies.length, 'session cookies written').toBeGreaterThan(0);
  await page.context().addCookies(cookies.map((cookie) => ({ ...cookie, url: baseURL })));
  await page.goto(localized(lc, '/account'));
  await expect(page.getByRole('heading', { level: 1, name: accountTexts[lc.locale].title })).toBeVisible();
}

/** Links an authenticator app on the account page and returns its secret. */
export async function enrolTotp(page: Page, lc: LocaleCase): Promise<string> {
  const t = accountTexts[lc.locale].mfa;
  await page.getByRole('button', { name: t.start }).click();
  await expect(page.getByRole('img', { name: t.qrAlt })).toBeVisible();
  // The start button is gone: focus goes to the instructions that replaced it.
  await expect(page.getByText(t.scan)).toBeFocused();
  const secret = await secretOnPage(page, lc);
  await page.getByRole('textbox', { name: t.code }).fill(await totp(secret));
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page.getByRole('status').filter({ hasText: t.enabled })).toBeFocused();
  return secret;
}

/** The secret of an enrolment in progress, read from its line, which says what it is (the label is read with it). */
export async function secretOnPage(page: Page, lc: LocaleCase): Promise<string> {
  const label = `${accountTexts[lc.locale].mfa.secret}: `;
  const line = await page.getByText(new RegExp(`^${label}[A-Z2-7]{16,}$`)).textContent();
  return line?.slice(label.length) ?? '';
}

/**
 * Gives `user` a verified authenticator-app factor through the Auth API, as the account page
 * would, and returns its secret; a staff member's factor then redeems their enrolment link, as the
 * account page's action does. For tests about what comes after enrolment. The enrolment uses the
 * current code; sign in with `totp(secret, 1)`.
 */
export async function addTotpFactor(user: TestUser): Promise<string> {
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${backendUrl}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { access_token: token } = await call<{ access_token: string }>('/token?grant_type=password', user);
  const factor = await call<{ id: string; totp: { secret: string } }>('/factors', { factor_type: 'totp', friendly_name: 'e2e' }, token);
  const challenge = await call<{ id: string }>(`/factors/${factor.id}/challenge`, {}, token);
  await call(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: await totp(factor.totp.secret) }, token);
  if (user.enrolmentToken !== undefined) {
    const redeemed = await fetch(`${backendUrl}/rest/v1/rpc/complete_staff_enrolment`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token_hash: hashEnrolmentToken(user.enrolmentToken), factor_id: factor.id }),
    });
    if (!redeemed.ok || (await redeemed.json()) !== true) throw new Error(`could not redeem the enrolment link of ${user.email}`);
  }
  return factor.totp.secret;
}

/** The access token in the browser's session cookie (@supabase/ssr stores it base64url-encoded, maybe in chunks). */
export async function accessToken(context: BrowserContext): Promise<string | null> {
  const cookies = (await context.cookies()).filter((c) => /^sb-.*-auth-token(\.\d+)?$/.test(c.name));
  if (cookies.length === 0) return null;
  cookies.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const raw = cookies.map((c) => c.value).join('');
  const json = raw.startsWith('base64-') ? Buffer.from(raw.slice(7), 'base64url').toString('utf8') : decodeURIComponent(raw);
  return (JSON.parse(json) as { access_token?: string }).access_token ?? null;
}

/** The newest recovery link sent to `email` through the local inbox. */
export async function latestRecoveryLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      // The inbox holds working reset links, so only the service role may read it.
      const response = await fetch(`${backendUrl}/inbox/v1/messages?to=${encodeURIComponent(email)}`, {
        headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      });
      const messages = (await response.json()) as { links: string[] }[];
      link = messages[0]?.links.find((l) => l.includes('/auth/confirm'));
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/** A text message or WhatsApp message kept by the local backend instead of being sent. */
export type PhoneMessage = { id: string; to: string; channel: 'sms' | 'whatsapp'; body: string; otp: string; created_at: string };

/** The messages the local backend "sent" to `phone` (E.164), newest first. */
export async function phoneMessages(phone: string): Promise<PhoneMessage[]> {
  // The inbox holds working codes, so only the service role may read it.
  const response = await fetch(`${backendUrl}/inbox/v1/phone-messages?to=${encodeURIComponent(phone)}`, {
    headers: { apikey: SERVICE_ROLE_KEY },
  });
  if (!response.ok) throw new Error(`phone inbox: ${response.status} ${await response.text()}`);
  return (await response.json()) as PhoneMessage[];
}

/**
 * Waits out Auth's interval between two codes for one phone (over_sms_send_rate_limit, 5 s in
 * supabase/config.toml), counted from the newest message the inbox holds for it.
 */
export async function waitOutSendInterval(phone: string): Promise<void> {
  const [newest] = await phoneMessages(phone);
  if (newest === undefined) return;
  const wait = Date.parse(newest.created_at) + 5_100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Waits for the `count`-th message to `phone` (1 for the first) and returns the newest one. */
export async function phoneMessage(phone: string, count: number): Promise<PhoneMessage> {
  let messages: PhoneMessage[] = [];
  await expect
    .poll(async () => {
      messages = await phoneMessages(phone);
      return messages.length;
    })
    .toBeGreaterThanOrEqual(count);
  const [newest] = messages;
  if (newest === undefined) throw new Error(`no message to ${phone}`);
  return newest;
}
