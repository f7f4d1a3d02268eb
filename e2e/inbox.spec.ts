import { randomUUID } from 'node:crypto';
import enInbox from '../public/locales/en/inbox.json' with { type: 'json' };
import nlInbox from '../public/locales/nl/inbox.json' with { type: 'json' };
import { accountTexts, createTestUser, signIn } from './support/auth';
import { adminClient } from './support/backend';
import { expect, forEachLocale, localized, test } from './support/i18n';

const texts = { nl: nlInbox, en: enInbox };
const STAFF = { email: 'staff@bitwerf.nl', password: 'bitwerf-staff-2026' };

/** Two messages a minute apart, so "newest first" is observable. */
async function seedMessages() {
  const tag = randomUUID().slice(0, 8);
  const older = { name: `Eerder ${tag}`, email: `eerder-${tag}@example.nl`, subject: 'general', message: 'Een eerdere vraag over jullie diensten.', created_at: new Date(Date.now() - 60_000).toISOString() };
  const newer = { name: `Later ${tag}`, email: `later-${tag}@example.nl`, company: 'Hanze Zorg', subject: 'project', message: 'Wij willen een patiëntenportaal laten bouwen.\nKunnen we bellen?', created_at: new Date().toISOString() };
  const { error } = await adminClient().from('contact_messages').insert([older, newer]);
  if (error) throw error;
  return { older, newer };
}

forEachLocale('staff inbox', (lc) => {
  const t = texts[lc.locale];

  test('staff see messages newest first, open one and mark it handled', async ({ page }) => {
    const { older, newer } = await seedMessages();
    await signIn(page, lc, STAFF);
    // The account page is the way in: staff need not know the inbox's address.
    await page.getByRole('main').getByRole('link', { name: accountTexts[lc.locale].details.inbox }).click();
    await expect(page).toHaveURL(localized(lc, '/account/messages'));
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const items = page.getByRole('main').getByRole('listitem');
    const names = await items.allTextContents();
    const newerAt = names.findIndex((text) => text.includes(newer.name));
    const olderAt = names.findIndex((text) => text.includes(older.name));
    expect(newerAt).toBeGreaterThanOrEqual(0);
    expect(newerAt).toBeLessThan(olderAt);

    await page.getByRole('link', { name: new RegExp(newer.name) }).click();
    const title = t.meta.detailTitle.replace('{name}', newer.name);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Each message page has its own title, not the list's (WCAG 2.4.2).
    await expect(page).toHaveTitle(`${title} | Bitwerf`);
    await expect(page.getByRole('link', { name: newer.email })).toHaveAttribute('href', `mailto:${newer.email}`);
    await expect(page.getByText('Hanze Zorg')).toBeVisible();
    await expect(page.getByText(t.status.open, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: t.markHandled }).click();
    await expect(page.getByRole('status')).toHaveText(t.markedHandled);
    await expect(page.getByText(t.status.handled, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t.markHandled })).toHaveCount(0);
    const { data } = await adminClient().from('contact_messages').select('handled_at, handled_by').eq('email', newer.email).single();
    expect(data?.handled_at).not.toBeNull();
    expect(data?.handled_by).not.toBeNull();
  });

  test('a signed-in user who is not staff is sent to their own account', async ({ page }) => {
    const user = await createTestUser('klant');
    await signIn(page, lc, user);
    await expect(page.getByRole('link', { name: accountTexts[lc.locale].details.inbox })).toHaveCount(0);
    await page.goto(localized(lc, '/account/messages'));
    await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account'));
    await expect(page.getByRole('heading', { name: t.title })).toHaveCount(0);
  });

  test('an anonymous visitor is sent to sign-in and would come back to the inbox', async ({ page }) => {
    await page.goto(localized(lc, '/account/messages'));
    await expect(page).toHaveURL(
      (url) => url.pathname === localized(lc, '/sign-in') && url.searchParams.get('next') === localized(lc, '/account/messages'),
    );
  });
});
