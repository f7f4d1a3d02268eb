import type { Page } from '@playwright/test';

import { expect, forEachLocale, localized, test } from './support/i18n';
import enBlog from '../public/locales/en/blog.json' with { type: 'json' };
import nlBlog from '../public/locales/nl/blog.json' with { type: 'json' };

const blog = { nl: nlBlog, en: enBlog };

// A post with code blocks, written in both languages, and one written only in Dutch.
const codePost = {
  slug: 'een-zod-schema-voor-client-en-server',
  date: { nl: '27 oktober 2026', en: '27 October 2026' },
  author: 'Daan Smit',
};
const dutchOnly = { slug: 'wbso-subsidie-voor-softwareontwikkeling', title: 'WBSO: zo krijg je subsidie op je eigen softwareontwikkeling' };

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

forEachLocale('blog', (lc) => {
  const t = blog[lc.locale];

  test('lists posts newest first and opens one', async ({ page }) => {
    await page.goto(localized(lc, '/blog'));
    await expect(page.getByRole('heading', { level: 1, name: t.intro.title })).toBeVisible();
    const list = page.getByRole('region', { name: t.list.title });
    const cards = list.getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    const days = await list.locator('time').evaluateAll((times) => times.map((el) => el.getAttribute('datetime') ?? ''));
    expect(days).toEqual([...days].sort().reverse());
    // Nine or fewer posts: one page, no pagination.
    await expect(page.getByRole('navigation', { name: t.pagination.label })).toHaveCount(0);

    const first = cards.first().getByRole('heading').getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${localized(lc, '/blog')}/[a-z0-9-]+$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('a post shows its author, the date in the locale, reading time, heading anchors and highlighted code, and has BlogPosting JSON-LD', async ({
    page,
    baseURL,
  }) => {
    await page.goto(localized(lc, `/blog/${codePost.slug}`));
    const article = page.getByRole('article');
    await expect(article.getByText(t.post.by.replace('{author}', codePost.author))).toBeVisible();
    await expect(article.locator('time')).toHaveText(codePost.date[lc.locale]);
    await expect(article.locator('time')).toHaveAttribute('datetime', '2026-10-27');
    await expect(article.getByText(new RegExp(`^${t.post.readingTime.replace('{minutes}', '\\d+')}$`))).toBeVisible();

    // Each h2 stays a plain heading, with a link to its section beside it, named after it.
    const heading = article.getByRole('heading', { level: 2 }).first();
    const id = await heading.getAttribute('id');
    expect(id).toBeTruthy();
    await expect(heading.getByRole('link')).toHaveCount(0);
    const permalink = article.getByRole('link', { name: lc.common.sectionLink.replace('{heading}', (await heading.textContent()) ?? '') });
    await permalink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#${id}$`));

    // Highlighted at build time: coloured token spans are in the served HTML.
    const code = article.locator('pre.shiki').first();
    await expect(code).toBeVisible();
    expect(await code.locator('span[style*="color"]').count()).toBeGreaterThan(10);

    const posting = (await jsonLd(page)).find((d) => d['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      headline: await page.getByRole('heading', { level: 1 }).textContent(),
      datePublished: '2026-10-27',
      inLanguage: lc.locale,
      url: `${baseURL}${localized(lc, `/blog/${codePost.slug}`)}`,
      author: { '@type': 'Person', name: codePost.author },
      publisher: { '@type': 'Organization', name: 'Bitwerf B.V.' },
    });
  });

  test('the RSS feed is valid XML with this locale’s posts and links', async ({ page, baseURL }) => {
    await page.goto(localized(lc, '/blog'));
    const feedLink = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    const href = await feedLink.getAttribute('href');
    expect(href).toBe(`${baseURL}${localized(lc, '/blog/rss.xml')}`);
    await expect(page.getByRole('link', { name: t.list.rss })).toHaveAttribute('href', localized(lc, '/blog/rss.xml'));
    const listed = await page
      .getByRole('region', { name: t.list.title })
      .getByRole('article')
      .getByRole('heading')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link instanceof HTMLAnchorElement ? link.href : '')));

    const response = await page.request.get(href ?? '');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('application/rss+xml');
    const feed = await page.evaluate(
      (xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          language: doc.querySelector('channel > language')?.textContent,
          title: doc.querySelector('channel > title')?.textContent,
          links: [...doc.querySelectorAll('item > link')].map((el) => el.textContent ?? ''),
        };
      },
      await response.text(),
    );
    expect(feed.error).toBeNull();
    expect(feed.language).toBe(lc.locale);
    expect(feed.title).toBe(t.feed.title);
    // Posts other tests publish and remove meanwhile (slugs e2e-…) may be in one and not yet the other.
    const imported = (links: string[]) => links.filter((link) => !link.includes('/blog/e2e-'));
    expect(imported(feed.links)).toEqual(imported(listed));
    expect(imported(feed.links).length).toBeGreaterThanOrEqual(4);
    for (const link of feed.links) expect(link).toMatch(new RegExp(`^${baseURL}${localized(lc, '/blog')}/[a-z0-9-]+$`));
  });

  test('a post written in one language is listed only there and reachable elsewhere with a notice', async ({ page }) => {
    await page.goto(localized(lc, '/blog'));
    const listed = page.getByRole('region', { name: t.list.title }).getByRole('link', { name: dutchOnly.title });
    const response = await page.goto(localized(lc, `/blog/${dutchOnly.slug}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: dutchOnly.title })).toBeVisible();
    const notice = page.getByRole('note');
    if (lc.locale === 'nl') {
      await page.goto(localized(lc, '/blog'));
      await expect(listed).toBeVisible();
      await page.goto(localized(lc, `/blog/${dutchOnly.slug}`));
      await expect(notice).toHaveCount(0);
    } else {
      await expect(notice).toHaveText(new RegExp(t.onlyIn.nl));
      await expect(page.getByRole('article')).toHaveAttribute('lang', 'nl');
      await page.goto(localized(lc, '/blog'));
      await expect(listed).toHaveCount(0);
    }
  });

  test('an unknown post and page 2 of a short list are 404s', async ({ page }) => {
    expect((await page.goto(localized(lc, '/blog/does-not-exist')))?.status()).toBe(404);
    expect((await page.goto(localized(lc, '/blog/page/2')))?.status()).toBe(404);
  });
});
