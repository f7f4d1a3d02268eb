import 'server-only';
import { getMessages } from 'next-intl/server';
import { cache } from 'react';
import { z } from 'zod';

import type { Locale } from '@/i18n/routing';
import type { PageSlug } from '@/lib/content/collections';
import {
  aboutPageFrontmatter,
  homePageFrontmatter,
  type AboutPageFrontmatter,
  type HomePageFrontmatter,
} from '@/lib/content/frontmatter-schemas';
import { readPublished } from '@/lib/content/read-published';
import { libraryImages } from '@/lib/content/render-content';
import { readWorkingCopies } from '@/lib/content/working-copies';
import type { ContentImage } from '@/lib/content-images/variants';

import { shippedAboutPage, shippedHomePage } from './shipped-pages';

/*
 * What the home and about pages say: their published document in the page's language (in a
 * preview, the working copy), read like every other content, afresh for each render and once per
 * render. A page never shows less than it did: when its document cannot be read or is not valid,
 * it renders the texts the build shipped, which are its first published version
 * (docs/decisions/0026-pages-as-documents.md).
 */

/** Both pages' rows pass one gate here; each is checked against its own page's schema below. */
const anyFrontMatter = z.record(z.string(), z.unknown());

const publishedPages = cache(async () => readPublished('pages', anyFrontMatter));
const workingPages = cache(async () => readWorkingCopies('pages', anyFrontMatter));

async function pageDocument<Schema extends z.ZodType>(
  slug: PageSlug,
  locale: Locale,
  draft: boolean,
  schema: Schema,
): Promise<z.output<Schema> | undefined> {
  // The published rows are read in a preview only when the working copy is missing or not valid.
  const sources = draft ? [workingPages, publishedPages] : [publishedPages];
  for (const read of sources) {
    const row = (await read()).find((entry) => entry.slug === slug && entry.locale === locale);
    if (row === undefined) continue;
    const parsed = schema.safeParse(row.data);
    if (parsed.success) return parsed.data;
    console.error(`Page ${slug}.${locale} is not valid and is not shown: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  return undefined;
}

/** The home page's texts in a locale; in draft mode the working copy when it is valid. */
export const getHomePage = cache(async (locale: Locale, draft: boolean): Promise<HomePageFrontmatter> => {
  const document = await pageDocument('home', locale, draft, homePageFrontmatter);
  return document ?? shippedHomePage((await getMessages({ locale })).home);
});

/** The about page's texts in a locale; in draft mode the working copy when it is valid. */
export const getAboutPage = cache(async (locale: Locale, draft: boolean): Promise<AboutPageFrontmatter> => {
  const document = await pageDocument('about', locale, draft, aboutPageFrontmatter);
  return document ?? shippedAboutPage((await getMessages({ locale })).about);
});

/**
 * The library's images that the team's photos name, by folder; read only when one names a photo.
 * A photo is an ornament: while the library cannot be read, the drawn portraits stand in.
 */
export async function teamPhotos(team: AboutPageFrontmatter['team'], draft: boolean): Promise<Map<string, ContentImage>> {
  if (!team.members.some((member) => member.photo !== undefined)) return new Map();
  try {
    return new Map((await libraryImages(draft)).map((image) => [image.contentHash, image]));
  } catch (error) {
    console.warn(`Team photos are not shown: ${error instanceof Error ? error.message : String(error)}`);
    return new Map();
  }
}
