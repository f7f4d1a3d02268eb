import { randomUUID } from 'node:crypto';

import type { BrowserContext, Page } from '@playwright/test';

import { adminClient } from './support/backend';
import { markBlogChanged, redirectOf, removeLibraryImages, uploadLibraryImage } from './support/content';
import { expect, test } from './support/i18n';
import { signInAsStaff } from './support/recruiting';
import enCases from '../public/locales/en/cases.json' with { type: 'json' };
import nlCases from '../public/locales/nl/cases.json' with { type: 'json' };
import nl from '../public/locales/nl/contentEditor.json' with { type: 'json' };
import nlHome from '../public/locales/nl/home.json' with { type: 'json' };
import nlSearch from '../public/locales/nl/search.json' with { type: 'json' };

// A case study from the editor to the visitor: an editor uploads the client's logo, writes the case
// in both languages with a quote, previews and publishes it; a visitor without a session finds it
// on the list (also through a filter), on its page, on the home page, under the post it names, in
// search and in the sitemap; then the address changes and the old one redirects. The rules per role are tested
// against the database in supabase/tests/content-cases.test.ts.

test.describe.configure({ mode: 'serial' });

const run = randomUUID()
  .slice(0, 6)
  .replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)));
// A word of this run's own, for search: no other text holds it.
const word = `kraggenburg${run}`;
const slug = `e2e-case-${run}`;
const newSlug = `${slug}-verhuisd`;
const client = `Veerdienst Kraggenburg ${run}`;
const texts = {
  nl: {
    title: `Een vaarschema voor ${client}`,
    description: `Een dienstregeling die zich aanpast aan wind en water, met reizigers die het live zien (${word}).`,
    logoAlt: `Logo van ${client}`,
    figure: ['31%', 'minder wachttijd aan de kade'],
    quote: ['Onze schippers weten nu ’s ochtends al hoe de dag verloopt.', 'Joke Timmer', 'Directeur'],
    body: `## De uitdaging\n\nDe veerdienst plande met de hand (${word}).\n\n## Onze aanpak\n\nEen planner die het weer leest.\n\n## Het resultaat\n\nMinder wachten.\n`,
  },
  en: {
    title: `A sailing schedule for ${client}`,
    description: `A timetable that adapts to wind and water, with passengers who see it live (${word}).`,
    logoAlt: `${client} logo`,
    figure: ['31%', 'less waiting at the quay'],
    quote: ['Our skippers now know in the morning how the day will go.', 'Joke Timmer', 'Director'],
    body: `## The challenge\n\nThe ferry service planned by hand (${word}).\n\n## Our approach\n\nA planner that reads the weather.\n\n## The result\n\nLess waiting.\n`,
  },
};
const f = nl.editor.fields;

let editorContext: BrowserContext;
let editor: Page;
let visitorContext: BrowserContext;
let visitor: Page;
let logoHash = '';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its whole label, with the mark a required or optional field has after it. */
const field = (p: Page, label: string) =>
  p.getByRole('tabpanel').getByLabel(new RegExp(`^${escaped(label)}( \\*| ${escaped(f.optional)})?$`));
const savedLine = (p: Page) =>
  p
    .getByRole('tabpanel')
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${nl.editor.autosave.savedAt.slice(0, nl.editor.autosave.savedAt.indexOf(' {'))}`) });

async function writeLanguage(locale: 'nl' | 'en') {
  const t = texts[locale];
  const panel = editor.getByRole('tabpanel');
  await field(editor, f.title).fill(t.title);
  await field(editor, f.description).fill(t.description);
  await field(editor, f.clientName).fill(client);
  await field(editor, f.clientSector).selectOption('energy');
  await field(editor, f.clientPlace).fill('Kraggenburg');
  // The library names its images by their alt text in the document's language, which the logo's alt text starts from.
  await field(editor, f.clientLogo).selectOption({ label: locale === 'nl' ? `Logo ${run}` : `Logo ${run} (en)` });
  await expect(field(editor, f.clientLogoAlt)).toHaveValue(locale === 'nl' ? `Logo ${run}` : `Logo ${run} (en)`);
  await field(editor, f.clientLogoAlt).fill(t.logoAlt);
  const services = panel.getByRole('group', { name: f.services });
  // The editor's page is Dutch, whichever language the text is in.
  await services.getByRole('checkbox', { name: nlHome.services.items.custom.title }).check();
  await services.getByRole('checkbox', { name: nlHome.services.items.cloud.title }).check();
  // Still running: a case without an end comes first in every list.
  await field(editor, f.periodFrom).fill('2026-01');
  await field(editor, f.figures0Value).fill(t.figure[0] ?? '');
  await field(editor, f.figures0Label).fill(t.figure[1] ?? '');
  await field(editor, f.quoteText).fill(t.quote[0] ?? '');
  await field(editor, f.quoteName).fill(t.quote[1] ?? '');
  await field(editor, f.quoteRole).fill(t.quote[2] ?? '');
  // A post about the same kind of work: the case links to it, and it links back.
  await panel.getByRole('group', { name: f.posts }).getByRole('checkbox', { name: 'Wanneer kies je voor maatwerk?' }).check();
  await panel.getByRole('button', { name: nl.editor.body.source }).click();
  await panel.getByRole('textbox', { name: nl.editor.body.label, exact: true }).fill(t.body);
  await expect(savedLine(editor)).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await editorContext.addInitScript(() => localStorage.setItem('bitwerf-consent', 'denied'));
  editor = await editorContext.newPage();
  await signInAsStaff(editor, { roles: ['content'] });
  // A visitor of their own: no cookie of the editor's, so never draft mode.
  visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await visitorContext.addInitScript(() => localStorage.setItem('bitwerf-consent', 'denied'));
  visitor = await visitorContext.newPage();
});

test.afterAll(async () => {
  const admin = adminClient();
  await admin.from('content_entries').delete().eq('collection', 'cases').in('slug', [slug, newSlug]);
  await removeLibraryImages(logoHash === '' ? [] : [logoHash]);
  await editorContext?.close();
  await visitorContext?.close();
  // The home page shows its imported cases again to the tests after this one.
  await markBlogChanged();
});

test('an editor writes a case in both languages with a logo and a quote, previews it and publishes both', async () => {
  // An upload, then some thirty fields typed and autosaved, a preview and a publication: on a
  // quiet machine under half the default limit, on a shared CI machine close to all of it.
  test.setTimeout(60_000);
  // The client's logo, into the image library first.
  logoHash = await uploadLibraryImage(editor, { nl: `Logo ${run}`, en: `Logo ${run} (en)` });

  await editor.goto('/account/content');
  await editor.getByLabel(nl.create.collection).selectOption({ label: nl.list.collections.cases });
  await editor.getByRole('textbox', { name: nl.create.slug }).fill(slug);
  await editor.getByRole('button', { name: nl.create.submit }).click();
  await expect(editor.getByRole('tab', { name: new RegExp(nl.editor.languages.nl) })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.getByRole('tabpanel').getByRole('textbox', { name: nl.editor.body.label, exact: true })).toBeVisible();
  await writeLanguage('nl');

  // The preview opens the draft on its public address, with its quote.
  const opened = editorContext.waitForEvent('page');
  await editor
    .getByRole('tabpanel')
    .getByRole('button', { name: new RegExp(`^${nl.editor.actions.preview}`) })
    .click();
  const preview = await opened;
  await expect(preview.getByRole('heading', { level: 1, name: texts.nl.title })).toBeVisible();
  await expect(preview.getByRole('complementary', { name: nlCases.detail.quoteTitle })).toContainText(texts.nl.quote[0] ?? '');
  expect(new URL(preview.url()).pathname).toBe(`/cases/${slug}`);
  await preview.close();

  await editor.getByRole('tab', { name: new RegExp(nl.editor.languages.en) }).click();
  await writeLanguage('en');
  await editor.getByRole('tabpanel').getByRole('button', { name: nl.editor.actions.publishBoth }).click();
  await expect(editor.getByRole('tabpanel').getByRole('status').filter({ hasText: nl.editor.actions.published })).toBeFocused();
  await expect(editor.getByRole('tab', { name: new RegExp(nl.editor.languages.nl) })).toContainText(nl.status.published);
  await expect(editor.getByRole('tab', { name: new RegExp(nl.editor.languages.en) })).toContainText(nl.status.published);
  // Published through one instance; the others show it once their copy of the page has lived out.
  await markBlogChanged();
});

test('a visitor finds it on the list, through a filter and not through another, in both languages', async () => {
  await visitor.goto('/cases');
  const list = visitor.getByRole('region', { name: nlCases.list.title });
  await expect(list.getByRole('article', { name: texts.nl.title })).toBeVisible();

  // The filters are a GET form: the filtered list has its own address.
  const filters = visitor.getByRole('form', { name: nlCases.filters.label });
  await filters.getByLabel(nlCases.filters.sector).selectOption({ label: nlCases.sectors.energy });
  await filters.getByRole('button', { name: nlCases.filters.submit }).click();
  await expect(visitor).toHaveURL(/\/cases\?sector=energy(&service=)?$/);
  const filtered = visitor.getByRole('region', { name: nlCases.list.filteredTitle.replace('{filters}', nlCases.sectors.energy) });
  await expect(filtered.getByRole('article', { name: texts.nl.title })).toBeVisible();
  await visitor.goto('/cases?service=ai');
  await expect(visitor.getByRole('article', { name: texts.nl.title })).toHaveCount(0);

  await visitor.goto('/en/cases?sector=energy&service=cloud');
  await expect(visitor.getByRole('article', { name: texts.en.title })).toBeVisible();
});

test('its page names the client with its logo, the facts, the key figure and the quote, with Article markup about the client', async () => {
  await visitor.goto(`/en/cases/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: texts.en.title })).toBeVisible();
  await expect(visitor.getByRole('img', { name: texts.en.logoAlt })).toBeVisible();
  const facts = visitor.getByRole('definition');
  await expect(facts.filter({ hasText: client })).toHaveCount(1);
  await expect(visitor.getByText(texts.en.figure[1] ?? '')).toBeVisible();
  await expect(visitor.getByRole('complementary', { name: enCases.detail.quoteTitle })).toContainText(texts.en.quote[1] ?? '');
  const blocks = await visitor.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
  expect(data).toContainEqual(
    expect.objectContaining({
      '@type': 'Article',
      headline: texts.en.title,
      about: expect.objectContaining({ '@type': 'Organization', name: client }),
    }),
  );
  expect(data).toContainEqual(expect.objectContaining({ '@type': 'BreadcrumbList' }));
  expect(blocks.join('')).not.toMatch(/"Review"|"AggregateRating"/);
  await expect(
    visitor.getByRole('region', { name: enCases.detail.postsTitle }).getByRole('link', { name: 'When does custom software make sense?' }),
  ).toBeVisible();
});

test('the home page, the post it names, search and the sitemap lead to it', async ({ request }) => {
  await visitor.goto('/blog/wanneer-kies-je-voor-maatwerk');
  await expect(
    visitor.getByRole('region', { name: nlCases.fromPractice.title }).getByRole('link', { name: texts.nl.title }),
  ).toHaveAttribute('href', `/cases/${slug}`);

  await visitor.goto('/');
  const work = visitor.getByRole('region', { name: nlHome.cases.title });
  await work.getByRole('link', { name: texts.nl.title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: texts.nl.title })).toBeVisible();

  await visitor.goto(`/search?q=${word}`);
  const result = visitor.getByRole('link', { name: texts.nl.title });
  await expect(result).toHaveAttribute('href', `/cases/${slug}`);
  await expect(visitor.getByRole('main')).toContainText(nlSearch.collection.cases);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/cases/${slug}</loc>`));
  expect(sitemap).toMatch(new RegExp(`hreflang="en"[^>]*href="[^"]*/en/cases/${slug}"`));
});

test('the address changes, and the old one redirects to the new one in both languages', async ({ request }) => {
  const entry = await adminClient().from('content_entries').select('id').eq('collection', 'cases').eq('slug', slug).single();
  await editor.goto(`/account/content/${(entry.data as { id: string }).id}`);
  await expect(editor.getByRole('tabpanel').getByRole('textbox', { name: nl.editor.body.label, exact: true })).toBeVisible();
  await editor.getByRole('textbox', { name: nl.editor.slug.label }).fill(newSlug);
  await editor.getByRole('checkbox', { name: nl.editor.slug.confirm }).check();
  await editor.getByRole('button', { name: nl.editor.slug.submit }).click();
  await expect(editor.getByRole('status').filter({ hasText: nl.editor.slug.changed })).toBeVisible();
  await markBlogChanged();

  for (const prefix of ['', '/en']) {
    expect(await redirectOf(request, `${prefix}/cases/${slug}`)).toBe(`308 ${prefix}/cases/${newSlug}`);
  }
  await visitor.goto(`/cases/${slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/cases/${newSlug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: texts.nl.title })).toBeVisible();
});

// Screenshots for review, not a check: `SCREENS_DIR=/some/folder npx playwright test e2e/cases.spec.ts`.
test('screenshots of the list and a case at two widths, in both languages, light and dark', async () => {
  const dir = process.env.SCREENS_DIR;
  test.skip(!dir, 'only when SCREENS_DIR names a folder');
  for (const scheme of ['light', 'dark'] as const) {
    await visitor.goto('/');
    await visitor.evaluate((theme) => localStorage.setItem('theme', theme), scheme);
    for (const width of [375, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      for (const prefix of ['', '/en']) {
        for (const [name, path] of [
          ['list', '/cases'],
          ['detail', `/cases/${newSlug}`],
          ['imported', '/cases/een-portaal-waarin-familie-en-zorg-samenkomen'],
        ] as const) {
          await visitor.goto(`${prefix}${path}`);
          const wider = await visitor.evaluate(() =>
            [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
              .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`)
              .slice(0, 5),
          );
          expect(wider, `${prefix}${path} at ${width} px wider than the page`).toEqual([]);
          await visitor.screenshot({ path: `${dir}/${name}-${prefix === '' ? 'nl' : 'en'}-${width}-${scheme}.png`, fullPage: true });
        }
      }
    }
  }
});
