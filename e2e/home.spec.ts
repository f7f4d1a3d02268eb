import { expect, forEachLocale, localized, test } from './support/i18n';
import enHome from '../public/locales/en/home.json' with { type: 'json' };
import nlHome from '../public/locales/nl/home.json' with { type: 'json' };

const copy = { nl: nlHome, en: enHome };

forEachLocale('home', (lc) => {
  const home = copy[lc.locale];

  // One visit reads the page from top to bottom.
  test('opens with the promise and a call to action, lists the four services, the process steps and three cases with their figures, quotes a client and ends with a call to action', async ({
    page,
  }) => {
    await page.goto(localized(lc, '/'));
    await expect(page.getByRole('heading', { level: 1, name: home.hero.title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: home.hero.cta })).toHaveAttribute('href', localized(lc, '/contact-us'));
    await expect(page.getByRole('main').getByRole('link', { name: home.hero.secondary })).toHaveAttribute('href', '#work');
    const services = page.getByRole('region', { name: home.services.title });
    for (const item of Object.values(home.services.items)) {
      await expect(services.getByRole('heading', { level: 3, name: item.title })).toBeVisible();
    }
    const process = page.getByRole('region', { name: home.process.title });
    await expect(process.getByRole('listitem')).toHaveCount(Object.keys(home.process.steps).length);

    // The cases are published entries now (content/cases is their first import; editors add more):
    // the newest three, each leading to its own page, and the way to all of them.
    const work = page.getByRole('region', { name: home.cases.title });
    await expect(work.getByRole('article')).toHaveCount(3);
    for (const card of await work.getByRole('article').all()) {
      await expect(card.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute(
        'href',
        new RegExp(`^${localized(lc, '/cases/')}`),
      );
    }
    await expect(work.getByRole('link', { name: `${home.cases.all} →` })).toHaveAttribute('href', localized(lc, '/cases'));
    const quote = page.getByRole('region', { name: home.testimonial.label });
    await expect(quote.getByText(home.testimonial.quote)).toBeVisible();
    await expect(quote.getByText(home.testimonial.name)).toBeVisible();
    const closing = page.getByRole('region', { name: home.closing.title });
    await expect(closing.getByRole('link', { name: home.closing.cta })).toHaveAttribute('href', localized(lc, '/contact-us'));
  });

  test('service texts side by side start on the same line, even when a title wraps', async ({ page }) => {
    await page.goto(localized(lc, '/'));
    const services = page.getByRole('region', { name: home.services.title });
    const textTopsByRow = new Map<number, Set<number>>();
    for (const item of Object.values(home.services.items)) {
      const card = services.getByRole('listitem').filter({ hasText: item.title });
      const cardTop = Math.round((await card.boundingBox())?.y ?? Number.NaN);
      const textTop = Math.round((await card.getByText(item.text, { exact: true }).boundingBox())?.y ?? Number.NaN);
      textTopsByRow.set(cardTop, (textTopsByRow.get(cardTop) ?? new Set<number>()).add(textTop));
    }
    for (const textTops of textTopsByRow.values()) expect(textTops.size).toBe(1);
  });
});
