import { randomUUID } from 'node:crypto';

import type { APIRequestContext, Page } from '@playwright/test';

import { axeViolations } from './support/axe';
import { adminClient } from './support/backend';
import { markBlogChanged, removeLibraryImages, uploadLibraryImage } from './support/content';
import { expect, inLocale, nl as nlLocale, test } from './support/i18n';
import { signInAsStaff } from './support/recruiting';
import { edgeURL } from '../config/e2e-servers';
import enHome from '../public/locales/en/home.json' with { type: 'json' };
import nlAbout from '../public/locales/nl/about.json' with { type: 'json' };
import nl from '../public/locales/nl/contentEditor.json' with { type: 'json' };
import nlHome from '../public/locales/nl/home.json' with { type: 'json' };
import { PAGE_EXPIRE_SECONDS } from '../src/lib/page-cache/lifetimes.mjs';

/*
 * An editor changes the home page's hero title in both languages, previews it and publishes both;
 * a visitor without a session sees it through the edge within the pages' promise. The form passes
 * axe in both colour modes, at 320 px and at desktop width, and works from the keyboard alone. An
 * editor gives a team member on the about page a photo from the image library. It changes what the home and about pages show, so
 * playwright.config.ts runs it with the site-wide specs, after every other one, and it puts the
 * imported texts back when it is done. Alone: `npx playwright test e2e/page-documents.spec.ts --no-deps`.
 * The roles and rules are tested against the database in supabase/tests/content-pages.test.ts.
 */
const PROMISE_MS = 2 * PAGE_EXPIRE_SECONDS * 1000 + 6_000;
const run = randomUUID().slice(0, 6);
const titles = { nl: `Software die blijft werken ${run}`, en: `Software that keeps working ${run}` };
const f = nl.editor.fields;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (p: Page, label: string) =>
  p.getByRole('tabpanel').getByLabel(new RegExp(`^${escaped(label)}( \\*| ${escaped(f.optional)})?$`));
const savedLine = (p: Page) =>
  p
    .getByRole('tabpanel')
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${nl.editor.autosave.savedAt.slice(0, nl.editor.autosave.savedAt.indexOf(' {'))}`) });

/** Puts the imported texts of a page back, live, in both languages (service role). */
async function restoreImported(page: 'home' | 'about'): Promise<void> {
  const admin = adminClient();
  const entry = await admin.from('content_entries').select('id').eq('collection', 'pages').eq('slug', page).single();
  if (entry.error !== null) throw new Error(entry.error.message);
  for (const locale of ['nl', 'en'] as const) {
    const imported = await admin
      .from('content_revisions')
      .select('id, front_matter, body')
      .eq('entry_id', entry.data.id)
      .eq('locale', locale)
      .eq('kind', 'import')
      .single();
    if (imported.error !== null) throw new Error(imported.error.message);
    const text = await admin
      .from('content_documents')
      .update({ front_matter: imported.data.front_matter, body: imported.data.body })
      .eq('entry_id', entry.data.id)
      .eq('locale', locale)
      .select('version')
      .single();
    if (text.error !== null) throw new Error(text.error.message);
    await admin
      .from('content_documents')
      .update({ live_revision_id: imported.data.id, live_version: text.data.version, scheduled_revision_id: null, scheduled_for: null })
      .eq('entry_id', entry.data.id)
      .eq('locale', locale);
  }
  await markBlogChanged();
}

const photos: string[] = [];

test.afterAll(async () => {
  await restoreImported('home');
  await restoreImported('about');
  await removeLibraryImages(photos);
});

async function throughTheEdge(request: APIRequestContext, path: string): Promise<string> {
  return (await request.get(`${edgeURL}${path}`)).text();
}

async function heroThroughTheEdge(request: APIRequestContext, path: string): Promise<string> {
  return /<h1 id="hero-title"[^>]*>([^<]*)<\/h1>/.exec(await throughTheEdge(request, path))?.[1] ?? '';
}

async function scanBothModes(page: Page, where: string) {
  expect(await axeViolations(page, 'main'), `${where} in light mode`).toEqual([]);
  const html = page.locator('html');
  await page.getByRole('contentinfo').getByRole('switch', { name: nlLocale.common.theme.label }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await axeViolations(page, 'main'), `${where} in dark mode`).toEqual([]);
  await page.getByRole('contentinfo').getByRole('switch', { name: nlLocale.common.theme.label }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
}

inLocale(nlLocale, 'the home page as a document', () => {
  // One after the other: both edit the home page's document, and side by side the second one's
  // autosave meets the first one's version (the editor's conflict notice, rightly).
  test.describe.configure({ mode: 'serial' });

  test('an editor changes the hero title in both languages, previews and publishes it; a visitor sees it through the edge', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInAsStaff(page, { roles: ['content'] });
    await page.goto('/account/content');
    const pages = page.getByRole('region', { name: nl.list.collections.pages });
    await expect(pages.getByText(nl.list.pagesIntro)).toBeVisible();
    // A page is the site's own: it is not among what an editor can create.
    await expect(page.getByLabel(nl.create.collection).getByRole('option', { name: nl.list.collections.pages })).toHaveCount(0);
    await pages.getByRole('link', { name: nlHome.meta.title }).click();

    // Its texts section by section; no address to change, no body, and no way to take it offline.
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 3, name: nl.editor.pageSections.hero })).toBeVisible();
    await expect(field(page, f.heroTitle)).toHaveValue(nlHome.hero.title);
    await expect(page.getByRole('textbox', { name: new RegExp(`^${escaped(nl.editor.slug.label)}`) })).toHaveCount(0);
    await expect(panel.getByRole('textbox', { name: nl.editor.body.label, exact: true })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: nl.editor.actions.unpublish })).toHaveCount(0);

    await scanBothModes(page, 'the home page’s form at desktop width');
    await page.setViewportSize({ width: 320, height: 800 });
    await scanBothModes(page, 'the home page’s form at 320 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    await field(page, f.heroTitle).fill(titles.nl);
    await expect(savedLine(page)).toBeVisible();
    // The preview opens the working copy on the page's own address.
    const opened = context.waitForEvent('page');
    await panel.getByRole('button', { name: new RegExp(`^${nl.editor.actions.preview}`) }).click();
    const preview = await opened;
    await expect(preview.getByRole('heading', { level: 1, name: titles.nl })).toBeVisible();
    expect(new URL(preview.url()).pathname).toBe('/');
    await preview.close();

    await page.getByRole('tab', { name: new RegExp(nl.editor.languages.en) }).click();
    await expect(field(page, f.heroTitle)).toHaveValue(enHome.hero.title);
    await field(page, f.heroTitle).fill(titles.en);
    await expect(savedLine(page)).toBeVisible();
    await page.getByRole('tabpanel').getByRole('button', { name: nl.editor.actions.publishBoth }).click();
    await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: nl.editor.actions.published })).toBeFocused();

    // A visitor without a session, through the edge, within the pages' promise, in both languages.
    await expect.poll(() => heroThroughTheEdge(request, '/'), { timeout: PROMISE_MS }).toBe(titles.nl);
    await expect.poll(() => heroThroughTheEdge(request, '/en'), { timeout: PROMISE_MS }).toBe(titles.en);
  });

  test('the home page’s form works from the keyboard alone: every stop shows its focus, the save is announced, and Tab reaches publishing', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsStaff(page, { roles: ['content'] });
    await page.goto('/account/content');
    await page.getByRole('region', { name: nl.list.collections.pages }).getByRole('link', { name: nlHome.meta.title }).click();
    const title = field(page, f.heroTitle);
    await expect(title).toBeVisible();
    const before = await title.inputValue();
    await page.getByRole('tab', { name: new RegExp(nl.editor.languages.nl) }).focus();
    const isFocused = (locator: typeof title) => locator.evaluate((element) => element === document.activeElement);
    const publish = page.getByRole('tabpanel').getByRole('button', { name: nl.editor.actions.publishBoth });

    let typed = false;
    let stops = 0;
    while (!(await isFocused(publish))) {
      stops += 1;
      expect(stops, 'Tab reaches the publish button').toBeLessThan(250);
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement;
        if (element === null || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          what: `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.getAttribute('name') ?? ''}`,
          ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none',
        };
      });
      expect(stop, `Tab ${stops} drops focus on <body>`).not.toBeNull();
      expect(stop?.ring, `${stop?.what} shows no focus`).toBe(true);
      if (!typed && (await isFocused(title))) {
        await page.keyboard.press('End');
        await page.keyboard.type(` ${run}`);
        typed = true;
        // The autosave says so in a live region, and focus stays where the editor typed.
        await expect(savedLine(page)).toBeVisible();
        await expect(title).toBeFocused();
      }
    }
    expect(typed, 'Tab passed the hero title').toBe(true);
    await expect(title).toHaveValue(`${before} ${run}`);
  });
});

inLocale(nlLocale, 'the about page as a document', () => {
  test('an editor gives a team member a photo from the image library; visitors see it in place of the drawn portrait', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInAsStaff(page, { roles: ['content'] });
    const alt = { nl: `Portret ${run}`, en: `Portrait ${run}` };
    const hash = await uploadLibraryImage(page, alt, { width: 400, height: 400 });
    photos.push(hash);

    await page.goto('/account/content');
    await page.getByRole('region', { name: nl.list.collections.pages }).getByRole('link', { name: nlAbout.meta.title }).click();
    const name = await field(page, f.teamMembersName.replace('{n}', '1')).inputValue();
    expect(name).not.toBe('');
    // The library names its images by their alt text in the document's language.
    await field(page, f.teamMembersPhoto.replace('{n}', '1')).selectOption({ label: alt.nl });
    await expect(savedLine(page)).toBeVisible();
    await page.getByRole('tabpanel').getByRole('button', { name: nl.editor.actions.publishBoth }).click();
    await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: nl.editor.actions.published })).toBeFocused();

    // The member's card on the about page, through the edge, carries the photo within the promise.
    const card = new RegExp(`aria-label="${escaped(name)}"[^>]*>(?:(?!</article>)[\\s\\S])*content-images/${hash}/`);
    await expect.poll(async () => card.test(await throughTheEdge(request, '/about-us')), { timeout: PROMISE_MS }).toBe(true);
    // The photo is public now that a published page uses it.
    const src = new RegExp(`src="([^"]*content-images/${hash}/[^"]*)"`).exec(await throughTheEdge(request, '/about-us'))?.[1] ?? '';
    const photo = await request.get(src.replaceAll('&amp;', '&'));
    expect(photo.status()).toBe(200);
  });
});
