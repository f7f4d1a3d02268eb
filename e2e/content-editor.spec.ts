import { randomUUID } from 'node:crypto';

import type { BrowserContext, Page } from '@playwright/test';

import { adminClient } from './support/backend';
import { expect, test } from './support/i18n';
import { signInAsStaff, type StaffSession } from './support/recruiting';
import en from '../public/locales/en/contentEditor.json' with { type: 'json' };
import nl from '../public/locales/nl/contentEditor.json' with { type: 'json' };
import { formatDateTime } from '../src/lib/locale-format';

// The editor's flows in a browser, one signed-in content editor for the whole file: a draft written
// and saved, English published alone, two tabs on one entry, and a revision restored. Each
// operation's rules (conflicts, outsiders, audit) are tested against the database in
// supabase/tests/content-editor.test.ts.

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let staff: StaffSession;
let entryPath: string;
const slug = `e2e-editor-${randomUUID().slice(0, 8)}`;
const nlTitle = 'Toegankelijk bouwen vanaf dag één';
const enTitle = 'Accessible from day one';

const field = (p: Page, name: string) => p.getByRole('tabpanel').getByLabel(new RegExp(`^${name}`));
/**
 * Opens the entry and waits until the editor works: the visual text is a client-only part, there
 * only once the page has hydrated, and a click before that would find buttons without a handler.
 */
async function openEditor(p: Page): Promise<void> {
  await p.goto(entryPath);
  await expect(p.getByRole('tabpanel').getByRole('textbox', { name: nl.editor.body.label })).toBeVisible();
}

const lead = (text: string) => text.slice(0, text.indexOf(' {'));
/** The autosave line once it says when it saved ("Saved at …"), not while typing or saving. */
const savedLine = (p: Page, t: typeof nl) =>
  p
    .getByRole('tabpanel')
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${lead(t.editor.autosave.savedAt)}`) });

async function stored(locale: 'nl' | 'en') {
  const entry = await adminClient().from('content_entries').select('id').eq('slug', slug).single();
  const document = await adminClient()
    .from('content_documents')
    .select('front_matter, body, version')
    .eq('entry_id', (entry.data as { id: string }).id)
    .eq('locale', locale)
    .single();
  return document.data as { front_matter: { title: string }; body: string; version: number };
}

test.beforeAll(async ({ browser }) => {
  // An editor abroad: what they type and read as a time is still Amsterdam's.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
  await context.addInitScript(() => localStorage.setItem('bitwerf-consent', 'denied'));
  page = await context.newPage();
  staff = await signInAsStaff(page, { roles: ['content'] });
});
test.afterAll(async () => {
  await context?.close();
});

test('a content editor writes a Dutch draft, which is saved as they type', async () => {
  const t = nl;
  await page.goto('/account');
  await page.getByRole('link', { name: t.accountLink.open }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.list.title })).toBeVisible();

  await page.getByLabel(t.create.collection).selectOption('blog');
  await page.getByRole('textbox', { name: t.create.slug }).fill(slug);
  await page.getByRole('button', { name: t.create.submit }).click();
  await expect(page.getByRole('tab', { name: new RegExp(t.editor.languages.nl) })).toHaveAttribute('aria-selected', 'true');
  entryPath = new URL(page.url()).pathname;

  await field(page, t.editor.fields.title).fill(nlTitle);
  await field(page, t.editor.fields.description).fill('Waarom we bij elk project met toegankelijkheid beginnen, en wat het oplevert.');
  await field(page, t.editor.fields.author).fill('Noor Bakker');
  // The visual editor is there; the Markdown mode edits the same text.
  await expect(page.getByRole('tabpanel').locator('[contenteditable="true"]')).toBeVisible();
  await page.getByRole('tabpanel').getByRole('button', { name: t.editor.body.source }).click();
  await page
    .getByRole('tabpanel')
    .getByRole('textbox', { name: t.editor.body.label })
    .fill('## Waarom\n\nOmdat iedereen het web gebruikt.');
  await expect(savedLine(page, t)).toBeVisible();
  await expect.poll(async () => (await stored('nl')).body).toBe('## Waarom\n\nOmdat iedereen het web gebruikt.');

  // The search preview follows the fields.
  await expect(page.getByText(t.editor.searchPreview.titleLength.replace('{count}', String(nlTitle.length)))).toBeVisible();
  await page.reload();
  await expect(field(page, t.editor.fields.title)).toHaveValue(nlTitle);

  // The preview button posts to the preview route and opens the draft on its public address.
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: new RegExp(`^${t.editor.actions.preview}`) }).click();
  const preview = await opened;
  await expect(preview.getByRole('heading', { level: 1, name: nlTitle })).toBeVisible();
  expect(new URL(preview.url()).pathname).toBe(`/blog/${slug}`);
  await preview.close();
});

test('publishing the English version only: the list shows English published and Dutch a draft', async () => {
  const t = nl;
  await openEditor(page);
  const nlTab = page.getByRole('tab', { name: new RegExp(t.editor.languages.nl) });
  await nlTab.focus();
  await page.keyboard.press('ArrowRight');
  const enTab = page.getByRole('tab', { name: new RegExp(t.editor.languages.en) });
  await expect(enTab).toBeFocused();
  await expect(enTab).toHaveAttribute('aria-selected', 'true');

  await field(page, t.editor.fields.title).fill(enTitle);
  await field(page, t.editor.fields.description).fill('Why every project we build starts with accessibility, and what it brings.');
  await field(page, t.editor.fields.author).fill('Noor Bakker');
  await expect(savedLine(page, t)).toBeVisible();
  await page.getByRole('tabpanel').getByRole('button', { name: t.editor.actions.publishThis }).click();
  await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: t.editor.actions.published })).toBeFocused();
  await expect(enTab).toContainText(t.status.published);
  await expect(nlTab).toContainText(t.status.draft);

  await page.getByRole('link', { name: t.editor.backToList }).click();
  const row = page.getByRole('row', { name: new RegExp(nlTitle) });
  await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(t.status.draft));
  await expect(row.getByRole('cell').nth(2)).toHaveText(new RegExp(t.status.published));
});

test('two tabs on the same entry: the later save is a conflict that names the other, and nothing is lost', async () => {
  const t = nl;
  const other = await context.newPage();
  await Promise.all([openEditor(page), openEditor(other)]);
  const before = await stored('nl');

  await field(page, t.editor.fields.title).fill('Titel uit het eerste tabblad');
  await expect(savedLine(page, t)).toBeVisible();
  await field(other, t.editor.fields.title).fill('Titel uit het tweede tabblad');

  const conflict = other.getByRole('region', { name: new RegExp(lead(t.editor.conflict.title)) });
  await expect(conflict).toBeFocused();
  await expect(conflict).toContainText(staff.user.email);
  await expect(conflict).toContainText('Titel uit het eerste tabblad');
  // The first tab's edit stands until the second chooses.
  expect((await stored('nl')).front_matter.title).toBe('Titel uit het eerste tabblad');
  expect((await stored('nl')).version).toBe(before.version + 1);

  await conflict.getByRole('button', { name: t.editor.conflict.keepMine }).click();
  await expect(savedLine(other, t)).toBeVisible();
  await expect.poll(async () => (await stored('nl')).front_matter.title).toBe('Titel uit het tweede tabblad');
  await other.close();
});

test('history in English: a revision is compared with the working copy and restored', async () => {
  const t = en;
  await page.goto(`/en${entryPath}`);
  await page.getByRole('tab', { name: new RegExp(t.editor.languages.en) }).click();
  await field(page, t.editor.fields.title).fill('A title we will take back');
  await expect(savedLine(page, t)).toBeVisible();

  await page.getByRole('tabpanel').getByRole('button', { name: t.editor.actions.history }).click();
  const history = page.getByRole('region', { name: t.editor.history.heading });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(t.editor.history.kinds.publish);
  // The published revision against the working copy: the title changed, field by field.
  await expect(history.getByRole('row', { name: new RegExp(t.editor.fields.title) })).toContainText('A title we will take back');

  await history.getByRole('button', { name: t.editor.history.restore }).click();
  await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: t.editor.history.restored })).toBeFocused();
  await expect(field(page, t.editor.fields.title)).toHaveValue(enTitle);
  expect((await stored('en')).front_matter.title).toBe(enTitle);
  await expect(history.getByRole('listitem').first()).toContainText(t.editor.history.kinds.restore);
  await expect(page.getByRole('tab', { name: new RegExp(t.editor.languages.en) })).toContainText(t.status.changed);
});

test("scheduling from abroad: the time typed is Amsterdam's, as the label says and the confirmation shows", async () => {
  const t = nl;
  await openEditor(page);
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel(t.editor.actions.scheduleAt).fill('2027-06-01T10:00');
  await panel.getByRole('button', { name: t.editor.actions.schedule, exact: true }).click();
  // 10:00 in Amsterdam in summer is 08:00 UTC (and 04:00 in the editor's New York).
  const time = formatDateTime('2027-06-01T08:00:00Z', 'nl', 'medium');
  await expect(panel.getByRole('status').filter({ hasText: t.editor.actions.scheduled.replace('{time}', time) })).toBeVisible();
  await expect(page.getByRole('tab', { name: new RegExp(t.editor.languages.nl) })).toContainText(t.status.scheduled);
  const entry = await adminClient().from('content_entries').select('id').eq('slug', slug).single();
  const document = await adminClient()
    .from('content_documents')
    .select('scheduled_for')
    .eq('entry_id', entry.data?.id ?? '')
    .eq('locale', 'nl')
    .single();
  expect(new Date(document.data?.scheduled_for ?? '').toISOString()).toBe('2027-06-01T08:00:00.000Z');
});

// Screenshots for review, not a check: `SCREENS_DIR=/some/folder npx playwright test e2e/content-editor.spec.ts`.
test('screenshots of the editor at three widths, light and dark', async () => {
  const dir = process.env.SCREENS_DIR;
  test.skip(!dir, 'only when SCREENS_DIR names a folder');
  for (const scheme of ['light', 'dark'] as const) {
    // The site starts light whatever the system prefers; the footer's switch stores the choice here.
    await page.evaluate((theme) => localStorage.setItem('theme', theme), scheme);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ['edit', entryPath],
        ['list', '/account/content'],
      ] as const) {
        await page.goto(path);
        if (name === 'edit') await expect(page.getByRole('tabpanel').locator('[contenteditable="true"]')).toBeVisible();
        const wider = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => {
              if (element.getBoundingClientRect().right <= document.documentElement.clientWidth + 1) return false;
              // Inside a box that scrolls or clips on its own (the tables) is not wider than the page.
              for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
                if (getComputedStyle(box).overflowX !== 'visible') return false;
              }
              return true;
            })
            .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`)
            .slice(0, 5),
        );
        expect(wider, `${name} at ${width} px wider than the page`).toEqual([]);
        await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
      }
    }
  }
});
