import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import { accessToken, accountTexts, createTestUser, enrolTotp, openEnrolmentLink, signInThroughApi } from './support/auth';
import { axeViolations } from './support/axe';
import { adminClient } from './support/backend';
import { expect, forEachLocale, localized, test, type LocaleCase } from './support/i18n';
import enInbox from '../public/locales/en/inbox.json' with { type: 'json' };
import nlInbox from '../public/locales/nl/inbox.json' with { type: 'json' };

const texts = { nl: nlInbox, en: enInbox };
const SEEDED_STAFF = { email: 'staff@bitwerf.nl', password: 'bitwerf-staff-2026' };
const PAGE_SIZE = 50;

/** Two messages a minute apart, so "newest first" is observable. */
async function seedMessages() {
  const tag = randomUUID().slice(0, 8);
  const older = {
    name: `Eerder ${tag}`,
    email: `eerder-${tag}@example.nl`,
    subject: 'general',
    message: 'Een eerdere vraag over jullie diensten.',
    locale: 'nl',
    created_at: new Date(Date.now() - 60_000).toISOString(),
  };
  // Sent from the English site, to be read on the Dutch inbox.
  const newer = {
    name: `Later ${tag}`,
    email: `later-${tag}@example.nl`,
    company: 'Hanze Zorg',
    subject: 'project',
    message: 'We would like a patient portal built.\nCan we call?',
    locale: 'en',
    created_at: new Date().toISOString(),
  };
  const { error } = await adminClient().from('contact_messages').insert([older, newer]);
  if (error) throw error;
  return { older, newer };
}

/** A new staff member who links an authenticator app through their enrolment link: their session is then aal2. */
async function signInAsStaffWithFactor(page: Page, lc: LocaleCase): Promise<string> {
  const staff = await createTestUser('staff', { staff: true });
  await signInThroughApi(page, lc, staff);
  await openEnrolmentLink(page, lc, staff);
  await enrolTotp(page, lc);
  const token = await accessToken(page.context());
  return (JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;
}

/** The links to single messages; page links go to `/account/messages?page=…` and do not match. */
const messageLinks = (page: Page) => page.getByRole('main').locator('a[href*="/account/messages/"]');

forEachLocale('staff inbox', (lc) => {
  // What the language cannot change runs in one language; the two languages share those tests.
  const t = texts[lc.locale];
  const account = accountTexts[lc.locale];

  if (lc.locale === 'en') {
    test('staff without a second factor are sent to link one first, with the reason, and then reach the inbox', async ({ page }) => {
      test.setTimeout(60_000);
      const staff = await createTestUser('staff', { staff: true });
      await signInThroughApi(page, lc, staff);
      await page.goto(localized(lc, '/account/messages'));

      await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account') && url.hash === '#staff-two-factor');
      const notice = page.getByRole('region', { name: t.staffAccount.mfaRequired.title });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(t.staffAccount.mfaRequired.text);
      await expect(notice).toContainText(t.staffAccount.mfaRequired.how.replace('{section}', account.mfa.title));
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toHaveCount(0);

      await openEnrolmentLink(page, lc, staff);
      await enrolTotp(page, lc);
      await expect(notice).toHaveCount(0);
      await page.getByRole('link', { name: new RegExp(t.staffAccount.inbox.open) }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    });
  }

  if (lc.locale === 'nl') {
    test('the seeded demo staff account goes through the same step', async ({ page }) => {
      await signInThroughApi(page, lc, SEEDED_STAFF);
      await page.goto(localized(lc, '/account/messages'));
      await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account'));
      await expect(page.getByRole('region', { name: t.staffAccount.mfaRequired.title })).toBeVisible();
      await expect(page.getByRole('button', { name: account.mfa.start })).toBeVisible();
    });
  }

  if (lc.locale === 'nl') {
    test('staff see messages newest first, open one and mark it handled in their own name', async ({ page }) => {
      test.setTimeout(60_000);
      const { older, newer } = await seedMessages();
      const staffId = await signInAsStaffWithFactor(page, lc);
      await page.goto(localized(lc, '/account/messages'));
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      expect(await axeViolations(page, 'main'), 'the inbox').toEqual([]);

      const names = await messageLinks(page).allTextContents();
      const newerAt = names.findIndex((text) => text.includes(newer.name));
      const olderAt = names.findIndex((text) => text.includes(older.name));
      expect(newerAt).toBeGreaterThanOrEqual(0);
      expect(newerAt).toBeLessThan(olderAt);

      await page.getByRole('link', { name: new RegExp(newer.name) }).click();
      const title = t.meta.detailTitle.replace('{name}', newer.name);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Each message page has its own title, not the list's (WCAG 2.4.2), and it names no one:
      // history, bookmarks and analytics keep titles.
      await expect(page).toHaveTitle(new RegExp(`^${t.meta.pageTitle.replace('{received}', '.+')} \\| Bitwerf$`));
      expect(await page.title()).not.toContain(newer.name);
      await expect(page.getByRole('link', { name: newer.email })).toHaveAttribute('href', `mailto:${newer.email}`);
      await expect(page.getByText('Hanze Zorg')).toBeVisible();
      // Sent from the English site, the text is read as English on the Dutch inbox (3.1.2).
      await expect(page.getByText(/^We would like a patient portal/)).toHaveAttribute('lang', 'en');
      await expect(page.getByText(t.status.open, { exact: true })).toBeVisible();

      await page.getByRole('button', { name: t.markHandled }).click();
      await expect(page.getByRole('status')).toHaveText(t.markedHandled);
      // The button is gone; the notice has the focus, not <body>.
      await expect(page.getByRole('status')).toBeFocused();
      await expect(page.getByText(t.status.handled, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t.markHandled })).toHaveCount(0);
      expect(await axeViolations(page, 'main'), 'a handled message').toEqual([]);
      const { data } = await adminClient().from('contact_messages').select('handled_at, handled_by').eq('email', newer.email).single();
      expect(data?.handled_at).not.toBeNull();
      expect(data?.handled_by).toBe(staffId);
    });
  }

  if (lc.locale === 'en') {
    test('the inbox pages through the messages, fifty at a time, newest first', async ({ page }) => {
      test.setTimeout(90_000);
      const admin = adminClient();
      const { count } = await admin.from('contact_messages').select('id', { count: 'exact', head: true });
      const missing = PAGE_SIZE + 1 - (count ?? 0);
      if (missing > 0) {
        const rows = Array.from({ length: missing }, (_, i) => ({
          name: `Vulling ${i}`,
          email: `vulling-${i}-${randomUUID().slice(0, 8)}@example.nl`,
          subject: 'general',
          message: 'Een bericht om de inbox te vullen.',
          created_at: new Date(Date.now() - (i + 5) * 60_000).toISOString(),
        }));
        const { error } = await admin.from('contact_messages').insert(rows);
        if (error) throw error;
      }

      await signInAsStaffWithFactor(page, lc);
      await page.goto(localized(lc, '/account/messages'));
      await expect(messageLinks(page)).toHaveCount(PAGE_SIZE);
      const nav = page.getByRole('navigation', { name: t.pagination.label });
      await expect(nav.getByRole('link', { name: lc.common.pagination.page.replace('{page}', '1') })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: new RegExp(lc.common.pagination.previous) })).toHaveCount(0);

      await nav.getByRole('link', { name: lc.common.pagination.page.replace('{page}', '2') }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account/messages') && url.searchParams.get('page') === '2');
      await expect(nav.getByRole('link', { name: lc.common.pagination.page.replace('{page}', '2') })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav).toContainText(lc.common.pagination.status.replace('{page}', '2').replace(/ \{count\}$/, ''));
      expect(await messageLinks(page).count()).toBeGreaterThan(0);
      await expect(nav.getByRole('link', { name: new RegExp(lc.common.pagination.previous) })).toHaveAttribute(
        'href',
        localized(lc, '/account/messages'),
      );

      // A page beyond the end (messages deleted since) redirects to the last one; a page that is no number is not found.
      const beyond = await page.request.get(`${localized(lc, '/account/messages')}?page=9999`, { maxRedirects: 0 });
      expect(beyond.status()).toBe(307);
      expect(new URL(beyond.headers().location ?? '', 'http://site.invalid').searchParams.get('page')).toMatch(/^[1-9][0-9]*$/);
      expect((await page.request.get(`${localized(lc, '/account/messages')}?page=abc`)).status()).toBe(404);
    });
  }

  if (lc.locale === 'en') {
    test('a signed-in user who is not staff is sent to their own account', async ({ page }) => {
      const user = await createTestUser('klant');
      await signInThroughApi(page, lc, user);
      await expect(page.getByRole('link', { name: new RegExp(t.staffAccount.inbox.open) })).toHaveCount(0);
      await page.goto(localized(lc, '/account/messages'));
      await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account'));
      await expect(page.getByRole('heading', { name: t.title })).toHaveCount(0);
      await expect(page.getByRole('region', { name: t.staffAccount.mfaRequired.title })).toHaveCount(0);
    });
  }

  test('an anonymous visitor is sent to sign-in and would come back to the inbox', async ({ page }) => {
    await page.goto(localized(lc, '/account/messages'));
    await expect(page).toHaveURL(
      (url) => url.pathname === localized(lc, '/sign-in') && url.searchParams.get('next') === localized(lc, '/account/messages'),
    );
  });
});
