import type { Page } from '@playwright/test';

import { expect, forEachLocale, localized, test } from './support/i18n';
import enVacancies from '../public/locales/en/vacancies.json' with { type: 'json' };
import nlVacancies from '../public/locales/nl/vacancies.json' with { type: 'json' };

const vacancies = { nl: nlVacancies, en: enVacancies };
const open = {
  slug: 'senior-full-stack-developer',
  title: 'Senior full-stack developer (TypeScript/Next.js)',
  salary: { nl: /€\s5\.000 – €\s6\.600/, en: /€5,000 – €6,600/ },
};
const closed = { slug: 'afstudeerstage-software-engineering' };

async function jsonLdTypes(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

forEachLocale('vacancies', (lc) => {
  const t = vacancies[lc.locale];

  test('lists the open vacancies with location, hours and employment type, and opens one', async ({ page }) => {
    await page.goto(localized(lc, '/vacancies'));
    const list = page.getByRole('region', { name: t.list.title });
    // The ICU plural's "other" branch, with # as 3.
    const three = t.list.count.match(/other \{([^}]+)\}/)?.[1]?.replace('#', '3') ?? '';
    await expect(list.getByText(three, { exact: true })).toBeVisible();
    const cards = list.getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      const facts = card.getByRole('definition');
      await expect(card.getByRole('term')).toHaveText([t.facts.location, t.facts.hours, t.facts.employmentType]);
      await expect(facts.nth(0)).toContainText('Zwolle');
      await expect(facts.nth(1)).toHaveText(t.facts.hoursRange.replace('{min}', '32').replace('{max}', '40'));
      await expect(facts.nth(2)).toHaveText(t.employmentType.FULL_TIME);
    }
    await list.getByRole('link', { name: open.title }).click();
    await expect(page).toHaveURL(localized(lc, `/vacancies/${open.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: open.title })).toBeVisible();
  });

  test('a vacancy shows its salary and offer and has JobPosting JSON-LD, and apply leads to the form on the page', async ({ page }) => {
    await page.goto(localized(lc, `/vacancies/${open.slug}`));
    const posting = (await jsonLdTypes(page)).find((d) => d['@type'] === 'JobPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      title: open.title,
      datePosted: '2026-11-02',
      validThrough: '2027-01-31',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Bitwerf B.V.' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Zwolle', postalCode: '8011 MC', addressCountry: 'NL' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR', value: { minValue: 5000, maxValue: 6600, unitText: 'MONTH' } },
      directApply: true,
    });
    expect(posting?.description).toMatch(/^<h2>/);
    // Pay transparency: the range names the hours it is for, the cao (none), and pay history is not asked.
    const salary = page.getByRole('definition').filter({ hasText: open.salary[lc.locale] });
    const hoursAt = t.facts.salaryRangeAt.replace('{min} – {max}', '').replace('{hours}', '40');
    await expect(salary).toContainText(hoursAt);
    await expect(page.getByRole('definition').filter({ hasText: t.facts.noCao })).toBeVisible();
    await expect(page.getByText(t.detail.noPayHistory)).toBeVisible();
    const offer = page.getByRole('region', { name: t.detail.offerTitle });
    expect(await offer.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    const apply = page.getByRole('link', { name: t.detail.apply });
    await expect(apply).toHaveAttribute('href', `${localized(lc, `/vacancies/${open.slug}`)}#apply`);
    await apply.click();
    await expect(page.locator('#apply')).toBeInViewport();
  });

  test('a closed vacancy is not listed, but reachable and marked closed, without JobPosting', async ({ page }) => {
    await page.goto(localized(lc, '/vacancies'));
    await expect(page.locator(`a[href$="/vacancies/${closed.slug}"]`)).toHaveCount(0);
    const response = await page.goto(localized(lc, `/vacancies/${closed.slug}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByText(t.detail.closedBadge, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.detail.closedTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: t.detail.apply })).toHaveCount(0);
    // An internship: its facts say allowance and type, never salary or employment.
    const facts = page.getByLabel(t.facts.label, { exact: true });
    await expect(facts.getByRole('term')).toHaveText([
      t.facts.location,
      t.facts.hours,
      t.facts.internshipType,
      t.facts.allowance,
      t.facts.cao,
    ]);
    await expect(facts.getByRole('definition').nth(3)).toHaveText(/^€\s?600 /);
    expect((await jsonLdTypes(page)).filter((d) => d['@type'] === 'JobPosting')).toEqual([]);
  });
});

test('the sitemap lists posts and vacancies with alternates only for their languages', async ({ request, baseURL }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain(`<loc>${baseURL}/en/vacancies/${open.slug}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/vacancies/${closed.slug}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/blog/wbso-subsidie-voor-softwareontwikkeling</loc>`);
  expect(xml).not.toContain(`<loc>${baseURL}/en/blog/wbso-subsidie-voor-softwareontwikkeling</loc>`);
  expect(xml).toContain(`hreflang="en" href="${baseURL}/en/blog/wanneer-kies-je-voor-maatwerk"`);
});
