import { randomUUID } from 'node:crypto';

import type { APIRequestContext } from '@playwright/test';

import { pdf } from './support/application-files';
import { axeViolations } from './support/axe';
import { adminClient, backendUrl } from './support/backend';
import { visitorIp } from './support/client-addresses';
import { expect, inLocale, nl, test } from './support/i18n';
import { signInAsStaff } from './support/recruiting';
import { edgeURL } from '../config/e2e-servers';
import { SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import staffTexts from '../public/locales/nl/staff.json' with { type: 'json' };
import { PAGE_EXPIRE_SECONDS } from '../src/lib/page-cache/lifetimes.mjs';

/*
 * An admin changes the company details and publishes them: the footer, the contact page, the
 * Organization markup and the next mail show them within the pages' promise, through the edge.
 * It changes what every page shows, so playwright.config.ts runs it alone, after every other spec
 * (its project depends on the others); to run it by itself: `npx playwright test
 * e2e/company-details.spec.ts --no-deps`.
 */
const t = staffTexts.company;
const PROMISE_MS = 2 * PAGE_EXPIRE_SECONDS * 1000 + 6_000;
const NEW = { phone: '038 765 43 21', tel: 'tel:+31387654321', e164: '+31387654321', street: 'Grote Markt 1' };

/** The id of the version visitors saw before this test, published again when it is done. */
let before: number | null = null;

test.afterAll(async () => {
  if (before !== null) await adminClient().from('company_details_publications').insert({ version_id: before });
});

async function edgeText(request: APIRequestContext, path: string): Promise<string> {
  return (await request.get(`${edgeURL}${path}`)).text();
}

inLocale(nl, 'the company details', () => {
  test('an admin changes the phone number and the address; visitors see it everywhere, and the next mail carries it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const live = await adminClient()
      .from('company_details_publications')
      .select('version_id')
      .order('published_at', { ascending: false })
      .limit(1);
    before = live.data?.[0]?.version_id ?? null;

    await signInAsStaff(page, { roles: ['admin'] });
    await page.goto('/account');
    await page.getByRole('link', { name: t.accountLink.open }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    // A wrong KvK number is refused at its field, with what was typed kept.
    const kvk = page.getByRole('textbox', { name: t.form.kvk });
    await kvk.fill('1234');
    await page.getByRole('textbox', { name: t.form.phone }).fill(NEW.phone);
    await page.getByRole('button', { name: t.form.submit }).click();
    await expect(kvk).toBeFocused();
    await expect(kvk).toHaveAccessibleDescription(new RegExp(t.errors.kvk));
    await expect(page.getByRole('textbox', { name: t.form.phone })).toHaveValue(NEW.phone);

    await kvk.fill('12345678');
    await page.getByRole('textbox', { name: t.form.street }).fill(NEW.street);
    await page.getByRole('button', { name: t.form.submit }).click();
    const savedNotice = page.getByRole('status').filter({ hasText: /Versie \d+ is opgeslagen/ });
    await expect(savedNotice).toBeVisible();
    const version = Number(/Versie (\d+)/.exec((await savedNotice.textContent()) ?? '')?.[1]);
    const saved = page.getByRole('article', { name: new RegExp(`^${t.history.version.replace('{id}', String(version))}`) });
    await expect(saved).toContainText(t.history.draft);
    await expect(saved).toContainText(NEW.phone);
    // Saved is not published: visitors still see the details from before.
    expect(await edgeText(request, '/contact-us')).not.toContain(NEW.phone);

    await saved.getByRole('button', { name: t.history.publish }).click();
    await expect(page.getByRole('status').filter({ hasText: t.history.published.replace('{id}', String(version)) })).toBeVisible();
    await expect(page.getByRole('region', { name: t.live.title })).toContainText(NEW.street);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((theme) => localStorage.setItem('theme', theme), colorScheme);
      await page.reload();
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
    // For review, not a check: `SCREENS_DIR=/some/folder npx playwright test e2e/company-details.spec.ts --no-deps`.
    const dir = process.env.SCREENS_DIR;
    for (const scheme of dir ? (['light', 'dark'] as const) : []) {
      await page.evaluate((theme) => localStorage.setItem('theme', theme), scheme);
      for (const path of ['/account/company', '/en/account/company']) {
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(path);
          await page.screenshot({ path: `${dir}/company-${path.startsWith('/en') ? 'en' : 'nl'}-${width}-${scheme}.png`, fullPage: true });
        }
      }
    }

    await expect.poll(async () => (await edgeText(request, '/')).includes(`href="${NEW.tel}"`), { timeout: PROMISE_MS }).toBe(true);
    const home = await edgeText(request, '/');
    expect(home).toContain(`"telephone":"${NEW.e164}"`);
    expect(home).toContain(`"streetAddress":"${NEW.street}"`);
    await expect.poll(async () => (await edgeText(request, '/en/contact-us')).includes(NEW.phone), { timeout: PROMISE_MS }).toBe(true);
    await expect.poll(async () => (await edgeText(request, '/privacy')).includes(NEW.street), { timeout: PROMISE_MS }).toBe(true);

    // The next mail names the firm as it is now, with its new address and phone number.
    const email = `bedrijf-${randomUUID().slice(0, 8)}@example.nl`;
    const sent = await request.post('/api/applications', {
      headers: { accept: 'application/json', 'x-forwarded-for': visitorIp() },
      multipart: {
        locale: 'nl',
        vacancy: 'senior-full-stack-developer',
        name: 'Sanne de Vries',
        email,
        motivation: 'Ik bouw al acht jaar webapplicaties met TypeScript en wil graag bij een klein, sterk team werken.',
        consent: 'on',
        cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf() },
      },
    });
    expect(await sent.json()).toMatchObject({ status: 'received' });
    await expect
      .poll(async () => {
        const response = await fetch(`${backendUrl}/inbox/v1/messages?to=${encodeURIComponent(email)}`, {
          headers: { apikey: SERVICE_ROLE_KEY },
        });
        return ((await response.json()) as { text: string }[])[0]?.text ?? '';
      })
      .toMatch(new RegExp(`${NEW.street}, 8011 MC Zwolle · KvK \\d{8} · ${NEW.phone} · `));
  });
});
