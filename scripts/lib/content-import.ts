import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { ensureGlobalWebSocket } from '../../local-supabase/src/websocket-polyfill';
import enAbout from '../../public/locales/en/about.json' with { type: 'json' };
import enHome from '../../public/locales/en/home.json' with { type: 'json' };
import nlAbout from '../../public/locales/nl/about.json' with { type: 'json' };
import nlHome from '../../public/locales/nl/home.json' with { type: 'json' };
import type { Collection } from '../../src/lib/content/collections';
import {
  aboutPageFrontmatter,
  blogPostFrontmatter,
  caseStudyFrontmatter,
  homePageFrontmatter,
  vacancyFrontmatter,
} from '../../src/lib/content/frontmatter-schemas';
import { parseContentFile } from '../../src/lib/content/parse-content-file';
import { shippedAboutPage, shippedHomePage } from '../../src/lib/pages/shipped-pages';
import type { Database, Json } from '../../src/lib/supabase/database.types';

export type ImportCollection = Collection;
export type ImportOutcome = 'imported' | 'unchanged' | 'kept';

/** One language version of a file in content/, as the import writes it. */
export type ImportDocument = {
  collection: ImportCollection;
  slug: string;
  locale: 'nl' | 'en';
  /** The validated front matter: the same shape as the YAML, dates as YYYY-MM-DD. */
  frontMatter: Json;
  body: string;
  /** The first publication: the post's date, the vacancy's datePosted, the first day of the month a case's work ended (or began). */
  publishedAt: string;
  /** When this text was last revised: a post's `updated` when it has one. */
  revisedAt: string;
};

// Noon UTC is the same calendar day in Amsterdam in summer and winter, so a date never shifts.
const atNoon = (day: string) => `${day}T12:00:00.000Z`;

/** When the home and about pages' texts, as the site shipped them, were first published: the day they became documents. */
const PAGES_PUBLISHED = atNoon('2026-12-02');

/**
 * The home and about pages, from the texts the site ships in its messages (src/lib/pages/shipped-pages.ts),
 * checked by their schemas: the same texts the pages render when the backend cannot be read.
 */
export function pageDocuments(): ImportDocument[] {
  const pages = [
    { slug: 'home', nl: homePageFrontmatter.parse(shippedHomePage(nlHome)), en: homePageFrontmatter.parse(shippedHomePage(enHome)) },
    { slug: 'about', nl: aboutPageFrontmatter.parse(shippedAboutPage(nlAbout)), en: aboutPageFrontmatter.parse(shippedAboutPage(enAbout)) },
  ];
  return pages.flatMap((page) =>
    (['nl', 'en'] as const).map((locale) => ({
      collection: 'pages' as const,
      slug: page.slug,
      locale,
      frontMatter: page[locale],
      body: '',
      publishedAt: PAGES_PUBLISHED,
      revisedAt: PAGES_PUBLISHED,
    })),
  );
}

/**
 * Every .mdx file of every collection, validated as the site validates them (the first invalid file
 * throws), and the site's pages.
 */
export async function readContentDocuments(contentRoot: string): Promise<ImportDocument[]> {
  const documents: ImportDocument[] = [];
  for (const collection of ['blog', 'vacancies', 'cases'] as const) {
    const dir = path.join(contentRoot, collection);
    // Dutch before English: the first language of a slug creates its entry.
    const names = (await readdir(dir)).filter((name) => name.endsWith('.mdx')).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    for (const name of names) {
      const file = `content/${collection}/${name}`;
      const source = await readFile(path.join(dir, name), 'utf8');
      if (collection === 'blog') {
        const entry = parseContentFile(file, source, blogPostFrontmatter);
        const { date, updated } = entry.data;
        documents.push({ ...common(collection, entry), publishedAt: atNoon(date), revisedAt: atNoon(updated ?? date) });
      } else if (collection === 'cases') {
        const entry = parseContentFile(file, source, caseStudyFrontmatter);
        const day = `${entry.data.period.until ?? entry.data.period.from}-01`;
        documents.push({ ...common(collection, entry), publishedAt: atNoon(day), revisedAt: atNoon(day) });
      } else {
        const entry = parseContentFile(file, source, vacancyFrontmatter);
        const day = entry.data.datePosted;
        documents.push({ ...common(collection, entry), publishedAt: atNoon(day), revisedAt: atNoon(day) });
      }
    }
  }
  return [...documents, ...pageDocuments()];
}

function rank(name: string): number {
  return name.endsWith('.nl.mdx') ? 0 : 1;
}

function common(collection: ImportCollection, entry: { slug: string; locale: 'nl' | 'en'; data: Json; body: string }) {
  return { collection, slug: entry.slug, locale: entry.locale, frontMatter: entry.data, body: entry.body };
}

export type ImportReport = Record<ImportOutcome, string[]>;

/**
 * Writes each document as an entry with an `import` revision that is live, through the service role.
 * Running it again changes nothing: a document that exists is left as it is (see content_import()).
 */
export async function importContent(admin: SupabaseClient<Database>, contentRoot: string): Promise<ImportReport> {
  const report: ImportReport = { imported: [], unchanged: [], kept: [] };
  for (const doc of await readContentDocuments(contentRoot)) {
    const { data, error } = await admin.rpc('content_import', {
      wanted_collection: doc.collection,
      wanted_slug: doc.slug,
      wanted_locale: doc.locale,
      wanted_front_matter: doc.frontMatter,
      wanted_body: doc.body,
      published_at: doc.publishedAt,
      revised_at: doc.revisedAt,
    });
    if (error !== null) throw new Error(`${doc.collection}/${doc.slug}.${doc.locale}: ${error.message}`);
    const outcome = data === 'imported' || data === 'unchanged' || data === 'kept' ? data : undefined;
    if (outcome === undefined) throw new Error(`${doc.collection}/${doc.slug}.${doc.locale}: unexpected answer ${String(data)}`);
    report[outcome].push(`${doc.collection}/${doc.slug}.${doc.locale}`);
  }
  return report;
}

/** The same into the project at `url` (a hosted one, or the embedded backend), with its service-role key. */
export async function importContentInto(url: string, serviceRoleKey: string, contentRoot: string): Promise<ImportReport> {
  ensureGlobalWebSocket();
  const admin = createClient<Database>(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  return importContent(admin, contentRoot);
}
