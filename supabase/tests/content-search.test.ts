import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { validFrontMatter } from './support/front-matter';
import { startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import type { Database } from '../../src/lib/supabase/database.types';

// Search finds what visitors may read (the scheduled revision once due, else the live one), in
// the visitor's language with that language's stemming, best match first, and marks the matched
// words in a passage of the body with its Markdown stripped.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;
type Locale = 'nl' | 'en';
type Document = { title: string; description?: string; body: string };

let backend: TestBackend;
let admin: Client;
let visitor: Client;

// Each test searches for a word of its own, so the tests cannot find each other's rows.
// Digits would split the word for the parser, so each hex digit becomes its own letter (0-9 → g-p):
// folding them all into one letter made two tests' words equal about once in twenty runs. The
// closing q is no ending the Dutch or English stemmer removes.
function word(): string {
  const letters = randomUUID()
    .replaceAll('-', '')
    .slice(0, 12)
    .replace(/\d/g, (digit) => String.fromCharCode(103 + Number(digit)));
  return `zoekwoord${letters}q`;
}

async function entry(collection: 'blog' | 'vacancies' = 'blog'): Promise<{ id: string; slug: string }> {
  const slug = `search-${randomUUID().slice(0, 8)}`;
  const { data, error } = await admin.from('content_entries').insert({ collection, slug }).select('id').single();
  if (error !== null) throw error;
  return { id: data.id, slug };
}

async function revision(
  entryId: string,
  locale: Locale,
  document: Document,
  kind: 'publish' | 'schedule' = 'publish',
  collection: 'blog' | 'vacancies' = 'blog',
): Promise<string> {
  const { data, error } = await admin
    .from('content_revisions')
    .insert({
      entry_id: entryId,
      locale,
      slug: 'unused',
      front_matter: validFrontMatter(collection, document),
      body: document.body,
      document_version: 1,
      kind,
    })
    .select('id')
    .single();
  if (error !== null) throw error;
  return data.id;
}

/** A document in a language, published unless told otherwise. */
async function write(
  locale: Locale,
  document: Document,
  how: { publish?: boolean; collection?: 'blog' | 'vacancies'; entryId?: string } = {},
): Promise<{ id: string; slug: string }> {
  const created = how.entryId === undefined ? await entry(how.collection) : { id: how.entryId, slug: '' };
  const collection = how.collection ?? 'blog';
  const front_matter = validFrontMatter(collection, document);
  const inserted = await admin.from('content_documents').insert({ entry_id: created.id, locale, front_matter, body: document.body });
  if (inserted.error !== null) throw inserted.error;
  if (how.publish !== false) {
    const revisionId = await revision(created.id, locale, document, 'publish', collection);
    const { error } = await admin
      .from('content_documents')
      .update({ live_revision_id: revisionId, live_version: 1 })
      .eq('entry_id', created.id)
      .eq('locale', locale);
    if (error !== null) throw error;
  }
  return created;
}

async function search(query: string, locale: Locale) {
  const { data, error } = await visitor.rpc('search_content', { search_query: query, wanted_locale: locale });
  if (error !== null) throw error;
  return data;
}

async function slugsFound(query: string, locale: Locale): Promise<string[]> {
  return (await search(query, locale)).map((row) => row.slug);
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  visitor = backend.client();
});
afterAll(async () => {
  await backend?.close();
});

describe('search, for an anonymous visitor', () => {
  it('stems Dutch: "ontwikkelaars" finds a post about an "ontwikkelaar"', async () => {
    const marker = word();
    const post = await write('nl', { title: `Een ervaren ontwikkelaar gezocht ${marker}`, body: 'Wij zoeken iemand die graag bouwt.' });
    expect(await slugsFound(`ontwikkelaars ${marker}`, 'nl')).toEqual([post.slug]);
  });

  it('stems English: "deployments" finds a post about "deploying"', async () => {
    const marker = word();
    const post = await write('en', { title: `Notes ${marker}`, body: 'We are deploying twice a day without fear.' });
    expect(await slugsFound(`deployment ${marker}`, 'en')).toEqual([post.slug]);
  });

  it('searches only the language asked for', async () => {
    const marker = word();
    const both = await write('nl', { title: `Nederlands ${marker}`, body: 'Tekst.' });
    await write('en', { title: `English ${marker}`, body: 'Text.' }, { entryId: both.id });
    expect((await search(marker, 'nl')).map((row) => row.title)).toEqual([`Nederlands ${marker}`]);
    expect((await search(marker, 'en')).map((row) => row.title)).toEqual([`English ${marker}`]);
  });

  it('finds vacancies as well as posts, and says which collection each belongs to', async () => {
    const marker = word();
    const vacancy = await write('nl', { title: `Vacature ${marker}`, body: 'Kom bij ons werken.' }, { collection: 'vacancies' });
    expect((await search(marker, 'nl')).map((row) => [row.collection, row.slug])).toEqual([['vacancies', vacancy.slug]]);
  });

  it('ranks a match in the title above one in the description, and that above one in the body', async () => {
    const marker = word();
    // Written best first: newer results win ties, so only the weights can put them in this order.
    const inTitle = await write('nl', { title: `Alles over ${marker}`, body: 'Gewone tekst.' });
    const inDescription = await write('nl', {
      title: 'Nog iets anders',
      description: `Een korte blik op ${marker}, voor wie het wil weten.`,
      body: 'Tekst.',
    });
    const inBody = await write('nl', { title: 'Over iets anders', body: `Pas hier staat ${marker} een keer.` });
    expect(await slugsFound(marker, 'nl')).toEqual([inTitle.slug, inDescription.slug, inBody.slug]);
  });

  it('never finds a draft, nor an entry whose only published language is another', async () => {
    const marker = word();
    const draft = await write('nl', { title: `Concept ${marker}`, body: 'Nog niet af.' }, { publish: false });
    const englishOnly = await write('en', { title: `English ${marker}`, body: 'Published.' });
    await write('nl', { title: `Concept ${marker}`, body: 'Nog niet af.' }, { publish: false, entryId: englishOnly.id });
    expect(await slugsFound(marker, 'nl')).toEqual([]);
    expect(await slugsFound(marker, 'en')).toEqual([englishOnly.slug]);
    expect(await slugsFound(marker, 'en')).not.toContain(draft.slug);
  });

  it('finds a working copy’s words only once they are published, not while they are still being edited', async () => {
    const marker = word();
    const post = await write('nl', { title: 'Gepubliceerde titel', body: 'De oude tekst.' });
    const edited = await admin
      .from('content_documents')
      .update({ body: `Nieuwe tekst met ${marker}.` })
      .eq('entry_id', post.id)
      .eq('locale', 'nl');
    expect(edited.error).toBeNull();
    expect(await slugsFound(marker, 'nl')).toEqual([]);
  });

  it('finds a scheduled revision once it is due, and not before', async () => {
    const marker = word();
    const post = await write('nl', { title: 'Live titel', body: 'De live tekst.' });
    const scheduled = await revision(post.id, 'nl', { title: `Gepland ${marker}`, body: 'De geplande tekst.' }, 'schedule');
    const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const schedule = (at: string) =>
      admin
        .from('content_documents')
        .update({ scheduled_revision_id: scheduled, scheduled_for: at })
        .eq('entry_id', post.id)
        .eq('locale', 'nl');
    expect((await schedule(later)).error).toBeNull();
    expect(await slugsFound(marker, 'nl')).toEqual([]);
    expect(await slugsFound('live', 'nl')).toContain(post.slug);

    expect((await schedule(new Date(Date.now() - 1000).toISOString())).error).toBeNull();
    expect(await slugsFound(marker, 'nl')).toEqual([post.slug]);
  });

  it('marks the matched words in a passage of the body, with the Markdown stripped', async () => {
    const marker = word();
    await write('en', {
      title: 'Markdown',
      body: `# A heading\n\nSome **bold ${marker}** text with [a link](https://example.com/${marker}-target) and \`code\`.\n`,
    });
    const [found] = await search(marker, 'en');
    expect(found?.passage).toContain(`\u{E000}${marker}\u{E001}`);
    expect(found?.passage).not.toMatch(/[*#`[\]]|https?:/);
  });

  it('cannot be tricked into a highlight by stored text that holds the markers', async () => {
    const marker = word();
    await write('en', { title: `Forged ${marker}`, body: `Plain words \u{E000}forged\u{E001} and ${marker}.` });
    const [found] = await search(marker, 'en');
    expect(found?.passage).toContain('forged');
    expect(found?.passage?.match(/\u{E000}/gu)).toHaveLength(1);
  });

  it('answers an empty query, a query of stop words alone and web-search syntax without an error', async () => {
    const marker = word();
    const kept = await write('en', { title: `Kept ${marker}`, body: 'Alpha.' });
    await write('en', { title: `Excluded ${marker}`, body: 'Beta.' });
    expect(await search('', 'en')).toEqual([]);
    expect(await search('the and of', 'en')).toEqual([]);
    expect(await slugsFound(`${marker} -excluded`, 'en')).toEqual([kept.slug]);
    expect(await search(`"unbalanced ( & | ! ${marker}`, 'en')).not.toBeNull();
  });

  it('cannot read the content tables themselves', async () => {
    const { data } = await visitor.from('content_revisions').select('id');
    expect(data ?? []).toEqual([]);
  });
});
