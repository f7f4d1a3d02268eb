import { randomUUID } from 'node:crypto';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { adminClient } from './support/backend';
import { visitorIp } from './support/client-addresses';
import { expect, forEachLocale, localized, test } from './support/i18n';
import enContact from '../public/locales/en/contact.json' with { type: 'json' };
import nlContact from '../public/locales/nl/contact.json' with { type: 'json' };
import { SITE_BUCKET } from '../src/lib/contact/contact-limits';

const copy = { nl: nlContact, en: enContact };

// What the language cannot change (the honeypot, the rate limit, hand-made calls) is tested in
// one language each; the rest in both.
forEachLocale('contact form', (lc) => {
  const form = copy[lc.locale].form;
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorIp() });
    // The site-wide cap (twenty an hour) would be used up by a few runs of this file against the
    // same backend; each test starts with the site's budget full again. The cap itself is
    // unit-tested (send-contact-message.test.ts), without racing the other tests here.
    await adminClient().from('rate_limit_hits').delete().eq('bucket', SITE_BUCKET);
  });

  async function fillValid(page: Page, email: string) {
    await page.getByRole('main').getByLabel(form.name).fill('Sanne de Vries');
    await page.getByRole('main').getByLabel(form.email).fill(email);
    await page.getByRole('main').getByLabel(form.company).fill('Veldhuis Logistiek');
    await page.getByRole('main').getByLabel(form.phone).fill('038 123 45 67');
    await page.getByRole('main').getByLabel(form.subject).selectOption('project');
    await page.getByRole('main').getByLabel(form.message).fill('We willen ons planningssysteem vernieuwen en zoeken een partner.');
    await page.getByRole('checkbox').check();
  }

  test('points out each problem at its field, keeps what was typed, and the page stays accessible', async ({ page }) => {
    await page.goto(localized(lc, '/contact-us'));
    await page.getByRole('main').getByLabel(form.name).fill('Sanne de Vries');
    await page.getByRole('main').getByLabel(form.email).fill('sanne@');
    await page.getByRole('main').getByLabel(form.message).fill('Hoi');
    await page.getByRole('button', { name: form.submit }).click();

    await expect(page.getByText(form.errorSummary)).toBeVisible();
    const email = page.getByRole('main').getByLabel(form.email);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(form.errors.email.invalid);
    await expect(email).toBeFocused();
    await expect(page.getByRole('main').getByLabel(form.message)).toHaveAccessibleDescription(
      new RegExp(form.errors.message.tooShort.replace('{min}', '10').replace(/[.?()]/g, '\\$&')),
    );
    await expect(page.getByRole('checkbox')).toHaveAccessibleDescription(form.errors.consent.required);
    await expect(page.getByRole('main').getByLabel(form.name)).not.toHaveAttribute('aria-invalid', /.*/);
    await expect(page.getByRole('main').getByLabel(form.name)).toHaveValue('Sanne de Vries');
    // The form's own fields keep the theme's input style: a bottom border only.
    const borders = await page
      .getByRole('main')
      .getByLabel(form.name)
      .evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth];
      });
    expect(borders).toEqual(['0px', '0px', '1px', '0px']);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('stores a valid message and confirms it', async ({ page }) => {
    const email = `klant-${randomUUID()}@example.nl`;
    await page.goto(localized(lc, '/contact-us'));
    await fillValid(page, email);
    // The confirmation's region is there, empty, before it is needed.
    await expect(page.getByRole('main').getByRole('status')).toBeEmpty();
    await page.getByRole('button', { name: form.submit }).click();
    await expect(page.getByRole('status').getByRole('heading', { name: form.sent.title })).toBeVisible();
    // The form and its button are gone: the confirmation has the focus, not <body>.
    await expect(page.getByRole('status').filter({ hasText: form.sent.title })).toBeFocused();

    const { data } = await adminClient().from('contact_messages').select('name, company, phone, subject, locale').eq('email', email);
    expect(data).toEqual([
      { name: 'Sanne de Vries', company: 'Veldhuis Logistiek', phone: '038 123 45 67', subject: 'project', locale: lc.locale },
    ]);
  });

  test('works without JavaScript: errors come back from the server with the input kept, then it sends', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: lc.browserLocale,
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': visitorIp() },
    });
    const page = await context.newPage();
    const email = `zonderjs-${randomUUID()}@example.nl`;
    await page.goto(localized(lc, '/contact-us'));
    await page.getByRole('main').getByLabel(form.name).fill('Joris Bakker');
    await page.getByRole('main').getByLabel(form.email).fill(email);
    await page.getByRole('button', { name: form.submit }).click();

    await expect(page.getByText(form.errorSummary)).toBeVisible();
    await expect(page.getByRole('main').getByLabel(form.message)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('main').getByLabel(form.name)).toHaveValue('Joris Bakker');
    await expect(page.getByRole('main').getByLabel(form.email)).toHaveValue(email);

    await page.getByRole('main').getByLabel(form.message).fill('Graag een offerte voor een koppeling met ons ERP.');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: form.submit }).click();
    await expect(page.getByRole('heading', { name: form.sent.title })).toBeVisible();
    const { count } = await adminClient().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', email);
    expect(count).toBe(1);
    await context.close();
  });

  if (lc.locale === 'en') {
    test('a filled honeypot looks sent to the bot but stores nothing', async ({ page }) => {
      const email = `bot-${randomUUID()}@example.nl`;
      await page.goto(localized(lc, '/contact-us'));
      await fillValid(page, email);
      await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
        input.value = 'https://spam.example';
      });
      await page.getByRole('button', { name: form.submit }).click();
      await expect(page.getByRole('heading', { name: form.sent.title })).toBeVisible();
      const { count } = await adminClient().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', email);
      expect(count).toBe(0);
    });
  }

  if (lc.locale === 'nl') {
    test('after five messages within the hour the next is refused, with the text kept', async ({ page }) => {
      for (let i = 0; i < 5; i++) {
        await page.goto(localized(lc, '/contact-us'));
        await fillValid(page, `limiet-${i}-${randomUUID()}@example.nl`);
        await page.getByRole('button', { name: form.submit }).click();
        await expect(page.getByRole('heading', { name: form.sent.title })).toBeVisible();
      }
      await page.goto(localized(lc, '/contact-us'));
      await fillValid(page, `limiet-6-${randomUUID()}@example.nl`);
      await page.getByRole('button', { name: form.submit }).click();
      await expect(page.getByRole('main').getByRole('alert')).toContainText(form.failed.rateLimited.split('{email}')[0] ?? '');
      await expect(page.getByRole('main').getByRole('alert')).toBeFocused();
      await expect(page.getByRole('main').getByLabel(form.message)).toHaveValue(/planningssysteem/);
    });
  }

  if (lc.locale === 'en') {
    test('hand-made calls of the action with the wrong arguments get a clean error state, not a server error', async ({
      request,
      baseURL,
    }) => {
      const html = await (await request.get(localized(lc, '/contact-us'))).text();
      // The no-JS form carries the action's id in its `$ACTION_1:0` field.
      const field = /name="\$ACTION_1:0" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const actionId = (JSON.parse(field.replaceAll('&quot;', '"')) as { id: string }).id;
      expect(actionId).toMatch(/^[0-9a-f]{16,}$/);

      // Field "0" is the argument list as the framework decodes it: (locale, previous state, form).
      // Bodies that do not decode to a list at all are refused by Next before any of our code runs.
      const email = `handwerk-${randomUUID()}@example.nl`;
      for (const args of [
        '[]',
        '["nl"]',
        '[1, 2, 3]',
        '["nl", null, "name=Sanne"]',
        '["nl", null, {"get": 1}]',
        `["de", null, {"email": "${email}"}]`,
      ]) {
        const response = await request.post(localized(lc, '/contact-us'), {
          headers: { 'next-action': actionId, origin: baseURL ?? '' },
          multipart: {
            0: args,
            name: 'Sanne de Vries',
            email,
            subject: 'general',
            message: 'Een bericht buiten het formulier om.',
            consent: 'on',
          },
        });
        expect(response.status(), args).toBe(200);
        expect(await response.text(), args).toContain('"reason":"badRequest"');
      }
      const { count } = await adminClient().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', email);
      expect(count).toBe(0);
    });
  }

  test('a vacancy link preselects the subject and names the vacancy by its title', async ({ page }) => {
    await page.goto(`${localized(lc, '/contact-us')}?subject=vacancy&vacancy=senior-full-stack-developer`);
    await expect(page.getByRole('main').getByLabel(form.subject)).toHaveValue('vacancy');
    await expect(page.getByRole('main').getByLabel(form.vacancy)).toHaveValue('Senior full-stack developer (TypeScript/Next.js)');
    await page.getByRole('main').getByLabel(form.subject).selectOption('general');
    await expect(page.getByRole('main').getByLabel(form.vacancy)).toBeHidden();
  });
});
