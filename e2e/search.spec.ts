import { randomUUID } from 'node:crypto';

import { adminClient } from './support/backend';
import { postFields } from './support/content';
import { expect, localized, locales, test } from './support/i18n';
import enSearch from '../public/locales/en/search.json' with { type: 'json' };
import nlSearch from '../public/locales/nl/search.json' with { type: 'json' };

// The search page is a plain GET form: a visitor without JavaScript finds a published post by a
// word of its body, in their own language, and never a draft with the same word.
const texts = { nl: nlSearch, en: enSearch };
const word = `zoektest${randomUUID().slice(0, 8).replace(/\d/g, 'q')}`;
const entryIds: string[] = [];

async function seed(slug: string, publish: boolean): Promise<void> {
  const admin = adminClient();
  const entry = await admin.from('content_entries').insert({ collection: 'blog', slug }).select('id').single();
  if (entry.error !== null) throw entry.error;
  entryIds.push(entry.data.id);
  for (const locale of ['nl', 'en'] as const) {
    const { front_matter } = postFields(`${publish ? 'Published' : 'Draft'} ${locale} ${slug}`);
    const body = `A paragraph that mentions ${word} once.`;
    const document = await admin.from('content_documents').insert({ entry_id: entry.data.id, locale, front_matter, body });
    if (document.error !== null) throw document.error;
    if (!publish) continue;
    const revision = await admin
      .from('content_revisions')
      .insert({ entry_id: entry.data.id, locale, slug, front_matter, body, document_version: 1, kind: 'publish' })
      .select('id')
      .single();
    if (revision.error !== null) throw revision.error;
    const live = await admin
      .from('content_documents')
      .update({ live_revision_id: revision.data.id, live_version: 1 })
      .eq('entry_id', entry.data.id)
      .eq('locale', locale);
    if (live.error !== null) throw live.error;
  }
}

const published = `search-published-${randomUUID().slice(0, 8)}`;
const draft = `search-draft-${randomUUID().slice(0, 8)}`;

test.beforeAll(async () => {
  await seed(published, true);
  await seed(draft, false);
});
test.afterAll(async () => {
  const admin = adminClient();
  // Documents point at revisions, so they go before the entries take their revisions with them.
  const documents = await admin.from('content_documents').delete().in('entry_id', entryIds);
  const entries = await admin.from('content_entries').delete().in('id', entryIds);
  expect([documents.error, entries.error]).toEqual([null, null]);
});

test.use({ javaScriptEnabled: false });

test('without JavaScript, the search form finds a published post and not a draft, in both languages', async ({ page }) => {
  for (const lc of locales) {
    const t = texts[lc.locale];
    await page.goto(localized(lc, '/'));
    await page.getByRole('contentinfo').getByRole('link', { name: t.footerLink, exact: true }).click();
    await expect(page.getByText(t.noQuery)).toBeVisible();

    await page.getByRole('searchbox', { name: t.form.field }).fill(word);
    await page.getByRole('button', { name: t.form.submit, exact: true }).click();

    await expect(page).toHaveURL(`${localized(lc, '/search')}?q=${word}`);
    const results = page.getByRole('region', { name: new RegExp(word) });
    const link = results.getByRole('link', { name: `Published ${lc.locale} ${published}` });
    await expect(link).toHaveAttribute('href', localized(lc, `/blog/${published}`));
    // Playwright's role types do not list ARIA 1.3's `mark` yet.
    await expect(results.locator('mark')).toHaveText(word);
    await expect(results.getByRole('link', { name: new RegExp(draft) })).toHaveCount(0);
    await expect(results.getByRole('listitem')).toHaveCount(1);
  }
});
