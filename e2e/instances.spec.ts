import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import { accountTexts, addTotpFactor, authTexts, createTestUser, signIn, signInWithPassword, totp } from './support/auth';
import { adminClient } from './support/backend';
import { contentAdmin, removePosts, seedPost, tick } from './support/content';
import { expect, inLocale, nl, test } from './support/i18n';
import { baseURL, secondBaseURL } from '../config/e2e-servers';
import { visitorIp } from './support/client-addresses';
import nlContact from '../public/locales/nl/contact.json' with { type: 'json' };
import nlInbox from '../public/locales/nl/inbox.json' with { type: 'json' };
import { CONTACT_RATE_LIMIT } from '../src/lib/contact/contact-limits';

/*
 * The site scaled out: two `next start` processes of one build against one backend, as N
 * instances behind a load balancer (playwright.config.ts starts both). A browser keeps one cookie
 * jar for 127.0.0.1 whatever the port, so a visitor who moves between the two origins is a
 * visitor whose requests land on different instances. Nothing may depend on which one answers.
 */
const instances = { A: baseURL, B: secondBaseURL } as const;
type Instance = keyof typeof instances;
const at = (instance: Instance, path: string) => `${instances[instance]}${path}`;

const account = accountTexts.nl;
const auth = authTexts.nl;
const inbox = nlInbox;
const form = nlContact.form;

async function expectSignedOutOn(page: Page, instance: Instance) {
  await page.goto(at(instance, '/account'));
  await expect(page).toHaveURL((url) => url.origin === instances[instance] && url.pathname === '/sign-in');
}

inLocale(nl, 'two instances', (lc) => {
  test('a post published through one instance shows on the other within seconds', async ({ page, request }) => {
    const title = `Op beide servers ${randomUUID().slice(0, 8)}`;
    const post = await seedPost(title, { scheduledFor: new Date(Date.now() + 60 * 60_000) });
    try {
      // B renders and caches the list, and answers the 404, before the post is published.
      expect((await request.get(at('B', '/blog'))).status()).toBe(200);
      await page.goto(at('B', '/blog'));
      await expect(page.getByRole('link', { name: title })).toHaveCount(0);
      expect((await request.get(at('B', `/blog/${post.slug}`))).status()).toBe(404);

      const { error } = await contentAdmin()
        .from('content_documents')
        .update({ scheduled_for: new Date(Date.now() - 1000).toISOString() })
        .eq('entry_id', post.id);
      if (error) throw error;
      // Published on A: the tick makes it live there and calls contentChanged().
      expect((await tick(request, instances.A)).promoted.blog).toBeGreaterThanOrEqual(1);

      await expect.poll(async () => (await request.get(at('B', `/blog/${post.slug}`))).status(), { timeout: 10_000 }).toBe(200);
      // The list B cached before may be answered once more while it is rendered again.
      await expect(async () => {
        await page.goto(at('B', '/blog'));
        await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
    } finally {
      await removePosts([post.id]);
    }
  });

  test('a session started on one instance continues on the other, and signing out there ends it on both', async ({ page }) => {
    test.setTimeout(90_000);
    const user = await createTestUser('twee');
    await signIn(page, lc, user);
    expect(new URL(page.url()).origin).toBe(instances.A);

    await page.goto(at('B', '/account'));
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: account.nav.account })).toBeVisible();

    await page.getByRole('button', { name: account.signOut.submit }).click();
    // Path only: the sign-out redirect is absolute, built on the host Next believes it has.
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectSignedOutOn(page, 'A');
    await expectSignedOutOn(page, 'B');
  });

  test('the code step, the account page and the staff inbox work on either instance', async ({ page }) => {
    test.setTimeout(120_000);
    const staff = await createTestUser('staf', { staff: true });
    const secret = await addTotpFactor(staff);
    const tag = randomUUID().slice(0, 8);
    const message = {
      name: `Twee ${tag}`,
      email: `twee-${tag}@example.nl`,
      subject: 'general',
      message: 'Een vraag die op twee servers wordt gelezen.',
    };
    const { error } = await adminClient().from('contact_messages').insert(message);
    if (error) throw error;

    // The password on A; the session now waits for its second factor, on every instance.
    await signInWithPassword(page, lc, staff);
    await expect(page.getByRole('textbox', { name: auth.code.label })).toBeVisible();
    const blocked = await page.request.get(at('B', '/account'), { maxRedirects: 0 });
    expect(blocked.status()).toBe(307);
    expect(blocked.headers().location).toContain('/sign-in');

    // B picks up the code step from the session alone, and takes the code.
    await page.goto(at('B', '/sign-in'));
    const code = page.getByRole('textbox', { name: auth.code.label });
    await code.fill(await totp(secret, 1));
    await page.getByRole('button', { name: auth.code.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(instances.B);

    await page.goto(at('A', '/account'));
    await expect(page.getByText(staff.email)).toBeVisible();

    // The inbox: listed on A, handled on B, and A shows it handled.
    await page.goto(at('A', '/account/messages'));
    await expect(page.getByRole('heading', { level: 1, name: inbox.title })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(message.name) }).click();
    await expect(page.getByRole('heading', { level: 1, name: inbox.meta.detailTitle.replace('{name}', message.name) })).toBeVisible();
    const detail = new URL(page.url()).pathname;

    await page.goto(at('B', detail));
    await expect(page.getByText(inbox.status.open, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: inbox.markHandled }).click();
    await expect(page.getByRole('status')).toHaveText(inbox.markedHandled);

    await page.goto(at('A', detail));
    await expect(page.getByText(inbox.status.handled, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: inbox.markHandled })).toHaveCount(0);

    // Signing out on A ends the session on B as well.
    await page.goto(at('A', '/account'));
    await page.getByRole('button', { name: account.signOut.submit }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectSignedOutOn(page, 'B');
    await expectSignedOutOn(page, 'A');
  });

  test('the contact form’s rate limit counts messages sent to either instance', async ({ browser }) => {
    test.setTimeout(180_000);
    // Without JavaScript each message is one plain form post: the same server action, at a
    // fraction of the cost of a hydrated page per message.
    const visitor = async () =>
      browser.newContext({ javaScriptEnabled: false, locale: lc.browserLocale, extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });
    /** Sends one valid message through `instance`; true when it was accepted. */
    const send = async (page: Page, instance: Instance): Promise<boolean> => {
      await page.goto(at(instance, '/contact-us'));
      const main = page.getByRole('main');
      await main.getByLabel(form.name).fill('Sanne de Vries');
      await main.getByLabel(form.email).fill(`twee-${randomUUID()}@example.nl`);
      await main.getByLabel(form.message).fill('We willen ons planningssysteem vernieuwen en zoeken een partner.');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: form.submit }).click();
      const sent = main.getByRole('heading', { name: form.sent.title });
      const refused = main.getByRole('alert').filter({ hasText: form.failed.rateLimited.split('{email}')[0] ?? '' });
      await expect(sent.or(refused)).toBeVisible();
      return sent.isVisible();
    };

    const limit = CONTACT_RATE_LIMIT.maxMessages;

    // One visitor whose messages alternate between the instances is refused after the limit in
    // total; counting per instance would let twice as many through. (The limit itself, on one
    // instance, is contact.spec.ts's.)
    const second = await visitor();
    const page = await second.newPage();
    for (let i = 0; i < limit; i++) {
      const instance: Instance = i % 2 === 0 ? 'B' : 'A';
      expect(await send(page, instance), `message ${i + 1} via ${instance}`).toBe(true);
    }
    expect(await send(page, 'A'), 'one over the limit, via A').toBe(false);
    expect(await send(page, 'B'), 'one over the limit, via B').toBe(false);
    await second.close();
  });
});
