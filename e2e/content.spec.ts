import { randomUUID } from 'node:crypto';

import { contentAdmin, markBlogChanged, redirectOf, removePosts, seedPost, tick, unpublishPost } from './support/content';
import { watchViolations } from './support/csp-violations';
import { expect, inLocale, nl, test } from './support/i18n';
import { signInAsStaff } from './support/recruiting';
import nlPreview from '../public/locales/nl/preview.json' with { type: 'json' };

/*
 * Blog posts and vacancies come from Postgres: what visitors see changes when staff publish,
 * schedule, unpublish or rename, without a build. The editor's own flows are tested with the editor;
 * here the database is written as the editor leaves it and the public side is checked.
 */
const made: string[] = [];
test.afterEach(async () => {
  await removePosts(made.splice(0));
});

const titled = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

inLocale(nl, 'content from the database', () => {
  test('content staff preview a draft in draft mode, while visitors get a 404 and cannot turn preview on', async ({ page, browser }) => {
    const title = titled('Concept over planning');
    // Newer than every post, so in a preview it is the first card of the list and the home page.
    const post = await seedPost(title, { draftOnly: true, date: '2099-01-04' });
    made.push(post.id);
    const preview = { form: { entry: post.id, locale: 'nl' }, maxRedirects: 0 };

    const visitor = await browser.newContext();
    expect((await visitor.request.get(`/blog/${post.slug}`)).status()).toBe(404);
    const refused = await visitor.request.post('/api/content/preview', preview);
    expect(refused.status()).toBe(404);
    expect(refused.headers()['set-cookie'] ?? '').not.toContain('__prerender_bypass');

    await signInAsStaff(page, { roles: ['content'] });
    const violations = await watchViolations(page);
    // Only a post from this site turns preview on: not a link, not another site's form (review 3, I5).
    expect((await page.request.get(`/api/content/preview?entry=${post.id}&locale=nl`, { maxRedirects: 0 })).status()).toBe(405);
    const elsewhere = await page.request.post('/api/content/preview', { ...preview, headers: { Origin: 'https://evil.example' } });
    expect(elsewhere.status()).toBe(403);
    expect(elsewhere.headers()['set-cookie'] ?? '').not.toContain('__prerender_bypass');
    const entered = await page.request.post('/api/content/preview', preview);
    expect(entered.status()).toBe(303);
    expect(entered.headers().location).toBe(`/blog/${post.slug}`);
    await page.goto(entered.headers().location ?? '');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const bar = page.getByRole('complementary', { name: nlPreview.label });
    await expect(bar).toContainText(nlPreview.text);
    const response = await page.request.get(`/blog/${post.slug}`);
    expect(response.headers()['cache-control']).toMatch(/private/);
    expect(response.headers()['cache-control']).toMatch(/no-store/);

    // Rendered per request, the preview runs its scripts under a policy of its own: none is blocked.
    expect(violations).toEqual([]);

    // A visitor opens the public list twice, long after the draft was stored, so that the page cache
    // holds the current list. The preview must not be given that copy.
    for (let visit = 0; visit < 2; visit += 1) expect((await visitor.request.get('/blog')).status()).toBe(200);
    await visitor.close();

    // The lists and the home page's teasers show the working copies too, under the same bar.
    for (const path of ['/blog', '/']) {
      await page.goto(path);
      await expect(bar).toBeVisible();
      await expect(page.getByRole('link', { name: title })).toBeVisible();
    }
    await page.goto('/blog');
    await bar.getByRole('link', { name: nlPreview.exit }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/blog');
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  });

  test('a scheduled post goes live at the tick; unpublished, it is a 404 and gone from the list and the feed', async ({
    page,
    request,
  }) => {
    const title = titled('Gepland stuk');
    const post = await seedPost(title, { scheduledFor: new Date(Date.now() + 60 * 60_000) });
    made.push(post.id);
    expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);

    const { error } = await contentAdmin()
      .from('content_documents')
      .update({ scheduled_for: new Date(Date.now() - 1000).toISOString() })
      .eq('entry_id', post.id);
    expect(error).toBeNull();
    expect((await tick(request, '')).promoted.blog).toBeGreaterThanOrEqual(1);
    const { data } = await contentAdmin()
      .from('content_documents')
      .select('live_revision_id, scheduled_for')
      .eq('entry_id', post.id)
      .single();
    expect(data).toMatchObject({ live_revision_id: expect.any(String), scheduled_for: null });

    // Each instance reads the shared change times at most once a second, and a page cached before a
    // change may be served once more while it is rendered again: visitors see a change within
    // seconds, so the test asks again until it does, as a visitor reloading would.
    const shows = async (path: string, text: string) => (await request.get(path)).text().then((body) => body.includes(text));
    await expect.poll(() => shows(`/blog/${post.slug}`, title), { timeout: 10_000 }).toBe(true);
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(() => shows('/blog', title), { timeout: 10_000 }).toBe(true);
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expect.poll(() => shows('/blog/rss.xml', title), { timeout: 10_000 }).toBe(true);

    await unpublishPost(post.id);
    await expect.poll(async () => (await request.get(`/blog/${post.slug}`)).status(), { timeout: 10_000 }).toBe(404);
    await expect.poll(() => shows('/blog', title), { timeout: 10_000 }).toBe(false);
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await expect.poll(() => shows('/blog/rss.xml', title), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => shows('/sitemap.xml', post.slug), { timeout: 10_000 }).toBe(false);
  });

  test('after a slug change the old URL answers 308 with the new one', async ({ request }) => {
    const post = await seedPost(titled('Nieuwe naam'));
    made.push(post.id);
    await expect.poll(async () => (await request.get(`/blog/${post.slug}`)).status(), { timeout: 10_000 }).toBe(200);

    const renamed = `${post.slug}-nieuw`;
    const { error } = await contentAdmin().from('content_entries').update({ slug: renamed }).eq('id', post.id);
    expect(error).toBeNull();
    await markBlogChanged();

    const redirect = (path: string) => redirectOf(request, path);
    await expect.poll(() => redirect(`/blog/${post.slug}`), { timeout: 10_000 }).toBe(`308 /blog/${renamed}`);
    expect(await redirect(`/en/blog/${post.slug}`)).toBe(`308 /en/blog/${renamed}`);
    expect((await request.get(`/blog/${renamed}`)).status()).toBe(200);
  });
});
