import { randomInt } from 'node:crypto';

import type { Page } from '@playwright/test';

import {
  accountTexts,
  addTotpFactor,
  authTexts,
  createTestUser,
  phoneMessage,
  waitOutSendInterval,
  signInThroughApi,
  signInWithPassword,
  totp,
} from './support/auth';
import { expect, forEachLocale, localized, test, type LocaleCase } from './support/i18n';

/**
 * A Dutch mobile number of this test's own, so no two tests read each other's messages. In the 06-1
 * range, which is in use: libphonenumber refuses numbers in unassigned ranges such as 06-7 and 06-9.
 */
function newPhone() {
  const digits = `1${randomInt(1_000_000, 10_000_000)}`;
  return { e164: `+316${digits}`, dutch: `06 ${digits}`, international: `+31 6 ${digits}`, masked: `+31 6 •••• ${digits.slice(-4)}` };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A sent/resent notice as the server formats it: its channel chosen in the select, the number and the minutes filled in. */
function notice(template: string, channel: 'sms' | 'whatsapp', phone: string): string {
  return template
    .replace(/\{channel, select, whatsapp \{([^}]*)\} other \{([^}]*)\}\}/, (_all, whatsapp: string, other: string) =>
      channel === 'whatsapp' ? whatsapp : other,
    )
    .replace('{phone}', phone)
    .replace('{minutes}', '5');
}

/** The rate-limit message, whatever number of seconds GoTrue named. */
function waitMessage(template: string): RegExp {
  const [before = '', after = ''] = template.split(/\{seconds, plural, .*\}\}/);
  return new RegExp(`${escape(before)}\\d+ \\S+${escape(after)}`);
}

/** Links a phone on the account page (signed in there), reading the code from the backend's inbox. */
async function linkPhone(page: Page, lc: LocaleCase, typed: string, e164: string, channel: 'sms' | 'whatsapp', messagesBefore = 0) {
  const t = accountTexts[lc.locale].mfa.phone;
  await page.getByRole('button', { name: t.start }).click();
  await page.getByRole('textbox', { name: t.number }).fill(typed);
  await page.getByRole('radio', { name: t[channel] }).check();
  await page.getByRole('button', { name: t.send }).click();
  const message = await phoneMessage(e164, messagesBefore + 1);
  expect(message.channel).toBe(channel);
  await page.getByRole('textbox', { name: t.code }).fill(message.otp);
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page.getByRole('status').filter({ hasText: t.enabled })).toBeFocused();
}

forEachLocale('phone as second factor', (lc) => {
  const t = authTexts[lc.locale];
  const account = accountTexts[lc.locale];

  if (lc.locale === 'nl') {
    test('link a phone by SMS, then sign in choosing it: a new code too soon is refused with the seconds, a wrong code is refused', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const user = await createTestUser('phone');
      const phone = newPhone();
      await signInThroughApi(page, lc, user);
      await expect(page.getByText(account.mfa.off, { exact: true })).toBeVisible();

      // A number that cannot be one says so at the field, and nothing is sent.
      await page.getByRole('button', { name: account.mfa.phone.start }).click();
      const number = page.getByRole('textbox', { name: account.mfa.phone.number });
      await expect(number).toBeFocused();
      await number.fill('06 1234');
      await page.getByRole('button', { name: account.mfa.phone.send }).click();
      await expect(number).toHaveAccessibleDescription(new RegExp(escape(t.errors.phoneInvalid)));
      await expect(number).toBeFocused();
      await expect(number).toHaveValue('06 1234');

      // "06 12345678" is read as a Dutch number; the code goes by SMS and is valid five minutes.
      await number.fill(phone.dutch);
      await expect(page.getByRole('radio', { name: account.mfa.phone.sms })).toBeChecked();
      await page.getByRole('button', { name: account.mfa.phone.send }).click();
      await expect(page.getByRole('status').filter({ hasText: notice(t.phone.sent, 'sms', phone.masked) })).toBeFocused();
      const enrolCode = await phoneMessage(phone.e164, 1);
      expect(enrolCode.channel).toBe('sms');
      await page.getByRole('textbox', { name: account.mfa.phone.code }).fill(enrolCode.otp);
      await page.getByRole('button', { name: account.mfa.phone.verify }).click();
      await expect(page.getByRole('status').filter({ hasText: account.mfa.phone.enabled })).toBeFocused();
      await expect(page.getByText(account.mfa.on, { exact: true })).toBeVisible();
      await expect(page.getByText(phone.masked, { exact: true })).toBeVisible();
      await expect(page.getByText(notice(account.mfa.phone.detail, 'sms', phone.masked), { exact: true })).toBeVisible();

      await page.getByRole('button', { name: account.signOut.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/')}$`));

      // The choice: SMS (chosen at enrolment) or WhatsApp; no app is linked, so none is offered.
      await signInWithPassword(page, lc, user, localized(lc, '/account'));
      const bySms = page.getByRole('button', { name: t.code.phone.sms.replace('{phone}', phone.masked), exact: true });
      await expect(bySms).toBeVisible();
      await expect(page.getByRole('button', { name: t.code.phone.whatsapp.replace('{phone}', phone.masked), exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t.code.phone.app })).toHaveCount(0);
      // The enrolment's code went out seconds ago; Auth sends the next one after its interval.
      await waitOutSendInterval(phone.e164);
      await bySms.click();
      await expect(page.getByRole('status').filter({ hasText: notice(t.phone.sent, 'sms', phone.masked) })).toBeVisible();
      const code = page.getByRole('textbox', { name: t.code.phone.label });
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(code).toHaveAttribute('inputmode', 'numeric');

      // Auth sends one code per factor every few seconds; asking again at once names the wait.
      await page.getByRole('button', { name: t.code.phone.resend }).click();
      await expect(page.getByRole('alert').filter({ hasText: waitMessage(t.phone.sendLimited) })).toHaveCount(1);
      const signInCode = await phoneMessage(phone.e164, 2);

      await code.fill(signInCode.otp === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: t.code.submit, exact: true }).click();
      await expect(code).toHaveAccessibleDescription(new RegExp(escape(t.errors.phoneCodeInvalid)));
      await expect(code).toBeFocused();

      await code.fill(signInCode.otp);
      await page.getByRole('button', { name: t.code.submit, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/account')}$`));
    });
  }

  if (lc.locale === 'en') {
    test('link a phone by WhatsApp, offered first at sign-in; unlinking it turns two-factor off', async ({ page }) => {
      test.setTimeout(90_000);
      const user = await createTestUser('phone');
      const phone = newPhone();
      await signInThroughApi(page, lc, user);
      await linkPhone(page, lc, phone.international, phone.e164, 'whatsapp');
      await expect(page.getByText(notice(account.mfa.phone.detail, 'whatsapp', phone.masked), { exact: true })).toBeVisible();

      await page.getByRole('button', { name: account.signOut.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${localized(lc, '/')}$`));
      await signInWithPassword(page, lc, user, localized(lc, '/account'));
      const byWhatsApp = page.getByRole('button', { name: t.code.phone.whatsapp.replace('{phone}', phone.masked), exact: true });
      const bySms = page.getByRole('button', { name: t.code.phone.sms.replace('{phone}', phone.masked), exact: true });
      await expect(bySms).toBeVisible();
      // The channel chosen at enrolment comes first.
      const choices = page.getByRole('group', { name: t.code.phone.choices }).getByRole('button');
      await expect(choices.first()).toHaveAccessibleName(t.code.phone.whatsapp.replace('{phone}', phone.masked));
      await waitOutSendInterval(phone.e164);
      await byWhatsApp.click();
      await expect(page.getByRole('status').filter({ hasText: notice(t.phone.sent, 'whatsapp', phone.masked) })).toBeVisible();
      const message = await phoneMessage(phone.e164, 2);
      expect(message.channel).toBe('whatsapp');
      await page.getByRole('textbox', { name: t.code.phone.label }).fill(message.otp);
      await page.getByRole('button', { name: t.code.submit, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();

      const unlink = page.getByRole('button', { name: account.mfa.removeLabel.replace('{name}', phone.masked), exact: true });
      await unlink.click();
      await expect(page.getByText(account.mfa.confirmRemove.replace('{name}', phone.masked), { exact: true })).toBeFocused();
      await page.getByRole('button', { name: account.mfa.confirmRemoveSubmit }).click();
      await expect(page.getByRole('status').filter({ hasText: account.mfa.phone.removed })).toBeFocused();
      await expect(page.getByText(account.mfa.off, { exact: true })).toBeVisible();
    });

    test('a staff member with an app and a phone: unlinking one says the other still works, unlinking the last says what staff lose', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const user = await createTestUser('phone-staff', { staff: true });
      const secret = await addTotpFactor(user);
      const phone = newPhone();
      // With only an app, the code is asked for at once, as before.
      await signInWithPassword(page, lc, user, localized(lc, '/account'));
      await page.getByRole('textbox', { name: t.code.label }).fill(await totp(secret, 1));
      await page.getByRole('button', { name: t.code.submit, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();

      // Enrolled staff (aal2) may add a phone without a new enrolment link, as they may add an app.
      await linkPhone(page, lc, phone.international, phone.e164, 'sms');
      const app = account.mfa.defaultName;
      const unlink = (name: string) => page.getByRole('button', { name: account.mfa.removeLabel.replace('{name}', name), exact: true });
      await unlink(app).click();
      const appQuestion = account.mfa.confirmRemoveOther.replaceAll('{name}', app).replaceAll('{rest}', phone.masked);
      await expect(page.getByText(appQuestion, { exact: true })).toBeFocused();
      await page.getByRole('button', { name: account.mfa.confirmRemoveSubmit }).click();
      await expect(page.getByRole('status').filter({ hasText: account.mfa.removed })).toBeFocused();
      await expect(unlink(app)).toHaveCount(0);

      // The phone is now the last factor: the same warning an app's removal gives (the test account holds every role, admin too).
      await unlink(phone.masked).click();
      const lastQuestion = `${account.mfa.confirmRemove.replace('{name}', phone.masked)} ${account.mfa.confirmRemoveStaff} ${account.mfa.confirmRemoveAdmin}`;
      await expect(page.getByText(lastQuestion, { exact: true })).toBeFocused();
      await page.getByRole('button', { name: account.mfa.keep }).click();
      await expect(unlink(phone.masked)).toBeFocused();
      await expect(page.getByText(account.mfa.on, { exact: true })).toBeVisible();
    });
  }
});
