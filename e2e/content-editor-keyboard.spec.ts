import { randomUUID } from 'node:crypto';

import type { BrowserContext, Page } from '@playwright/test';

import { expect, test } from './support/i18n';
import { signInAsStaff } from './support/recruiting';
import nl from '../public/locales/nl/contentEditor.json' with { type: 'json' };

// The visual body editor with a real keyboard (audit 3, findings 1–5 and 9): Tab and Shift+Tab leave
// the text also in a list, Escape never drops focus on <body>, the toolbar and the link dialog show
// their focus, and the link dialog follows dark mode. What jsdom can show (names, roles, the
// description, the key reaching the browser) is in src/components/content-editor/markdown-editor.test.tsx.

test.describe.configure({ mode: 'serial' });

const t = nl.editor;
let context: BrowserContext;
let page: Page;
let entryPath: string;
const slug = `e2e-keys-${randomUUID().slice(0, 8)}`;

const text = (p: Page) => p.getByRole('tabpanel').getByRole('textbox', { name: t.body.label });
const toolbar = (p: Page) => p.getByRole('tabpanel').getByRole('toolbar', { name: t.markdownEditor.toolbarLabel });
/** The focused element, or null when focus is on <body>. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    return {
      inText: element.closest('[contenteditable="true"]') !== null,
      inToolbar: element.closest('[role="toolbar"]') !== null,
      role: element.getAttribute('role'),
      name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '',
    };
  });

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('bitwerf-consent', 'denied'));
  page = await context.newPage();
  await signInAsStaff(page, { roles: ['content'] });
  await page.goto('/account/content');
  await page.getByLabel(nl.create.collection).selectOption('blog');
  await page.getByRole('textbox', { name: nl.create.slug }).fill(slug);
  await page.getByRole('button', { name: nl.create.submit }).click();
  await expect(text(page)).toBeVisible();
  entryPath = new URL(page.url()).pathname;
});
test.afterAll(async () => {
  await context?.close();
});

test('the edit page is titled by the entry, not by the list', async () => {
  await page.goto(entryPath);
  // A new entry has no title yet, so it is named by its address.
  await expect(page).toHaveTitle(new RegExp(`^${nl.meta.editTitle.replace('{title}', slug)} \\| `));
});

test('Tab and Shift+Tab leave the text, in a paragraph and in a list, and indent nothing', async () => {
  await page.goto(entryPath);
  await text(page).click();
  await page.keyboard.type('Een alinea.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- een');
  const width = await text(page).evaluate((element) => element.scrollWidth);

  for (const key of ['Tab', 'Shift+Tab']) {
    // End first, as a writer's caret would be placed: the editor takes the click's focus in a later
    // frame, and a Tab in the same instant would race it.
    await text(page).getByText('een', { exact: true }).click();
    await page.keyboard.press('End');
    await page.keyboard.press(key);
    const now = await focused(page);
    expect(now, `${key} from a list item`).not.toBeNull();
    expect(now?.inText, `${key} from a list item`).toBe(false);
    if (key === 'Shift+Tab') expect(now?.inToolbar).toBe(true);

    await text(page).getByText('Een alinea.').click();
    await page.keyboard.press('End');
    await page.keyboard.press(key);
    expect((await focused(page))?.inText, `${key} from a paragraph`).toBe(false);
  }
  // Nothing was indented: the text is as wide as before (the audit saw it grow to 3,800 px).
  expect(await text(page).evaluate((element) => element.scrollWidth)).toBe(width);
});

test('Escape in the text puts focus on the editor, and the next Tab goes on from there', async () => {
  await page.goto(entryPath);
  await text(page).click();
  await page.keyboard.press('Escape');
  // The editor takes the key first and lets the focus go; the frame takes it once it has.
  await expect.poll(() => focused(page)).not.toBeNull();
  await page.keyboard.press('Tab');
  expect(await focused(page)).not.toBeNull();
});

test('Escape in the block-type list returns focus to its button', async () => {
  await page.goto(entryPath);
  await text(page).click();
  const select = toolbar(page).getByRole('combobox', { name: t.markdownEditor.toolbar.blockTypeSelect.placeholder });
  await select.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(select).toBeFocused();
});

test('the toolbar and the link dialog show a 2px ring on the focused control', async () => {
  await page.goto(entryPath);
  await text(page).click();
  await page.keyboard.type('Een link');
  await page.keyboard.press('Shift+Tab');
  const outline = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
    });
  expect(await outline()).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('ArrowRight');
  expect(await outline()).toBeGreaterThanOrEqual(2);

  await toolbar(page).getByRole('button', { name: t.markdownEditor.toolbar.link }).click();
  const dialog = page.getByRole('dialog', { name: t.markdownEditor.createLink.dialogLabel });
  await expect(dialog.getByRole('textbox', { name: t.markdownEditor.createLink.url })).toBeFocused();
  expect(await outline()).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Tab');
  expect(await outline()).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
});

test('in dark mode the link dialog and the block-type list take the dark page colour', async () => {
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto(entryPath);
  await expect(page.locator('html')).toHaveClass(/dark/);
  const pageColour = await page.evaluate(() => {
    const probe = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'background: var(--page)' }));
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
  await text(page).click();
  await page.keyboard.type('Donker');
  await toolbar(page).getByRole('button', { name: t.markdownEditor.toolbar.link }).click();
  const dialog = page.getByRole('dialog', { name: t.markdownEditor.createLink.dialogLabel });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(pageColour);
  await page.keyboard.press('Escape');

  const select = toolbar(page).getByRole('combobox', { name: t.markdownEditor.toolbar.blockTypeSelect.placeholder });
  expect(await select.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(pageColour);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
});
