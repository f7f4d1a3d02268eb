import { expect, forEachLocale, localized, test } from './support/i18n';
import enAbout from '../public/locales/en/about.json' with { type: 'json' };
import nlAbout from '../public/locales/nl/about.json' with { type: 'json' };

const copy = { nl: nlAbout, en: enAbout };

forEachLocale('about us', (lc) => {
  const about = copy[lc.locale];

  test('tells the story, the values and the key figures', async ({ page }) => {
    await page.goto(localized(lc, '/about-us'));
    await expect(page.getByRole('heading', { level: 1, name: about.intro.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: about.story.title })).toBeVisible();
    const values = page.getByRole('region', { name: about.values.title });
    for (const item of Object.values(about.values.items)) {
      await expect(values.getByRole('heading', { name: item.title })).toBeVisible();
    }
    const figures = page.getByRole('region', { name: about.figures.label });
    for (const item of Object.values(about.figures.items)) {
      await expect(figures.getByText(item.value, { exact: true })).toBeVisible();
    }
  });

  test('shows the team as cards with a generated avatar, a name and a role', async ({ page }) => {
    await page.goto(localized(lc, '/about-us'));
    const team = page.getByRole('region', { name: about.team.title });
    const cards = team.getByRole('article');
    await expect(cards).toHaveCount(Object.keys(about.team.roles).length);
    const first = team.getByRole('article', { name: 'Sanne de Jong' });
    await expect(first.getByRole('heading', { name: 'Sanne de Jong' })).toBeVisible();
    await expect(first.getByText(about.team.roles.ceo)).toBeVisible();
    // The avatar is drawn inline from the name: the initials, no image request.
    await expect(first.locator('svg text')).toHaveText('SJ');
    expect(await team.locator('img').count()).toBe(0);
  });
});
