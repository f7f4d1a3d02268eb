import 'server-only';
import { cache } from 'react';
import readingTime from 'reading-time';

import type { Locale } from '@/i18n/routing';

import { blogPostFrontmatter, type BlogPostFrontmatter } from './frontmatter-schemas';
import { allSlugs, entriesIn, resolveEntry, withWorkingCopies, type ResolvedEntry } from './localized-entries';
import { newestFirst } from './pagination';
import type { ContentEntry } from './parse-content-file';
import { readPublished } from './read-published';
import { readWorkingCopies } from './working-copies';

export type BlogPost = ContentEntry<BlogPostFrontmatter> & {
  /** Whole minutes, at least one. */
  readingMinutes: number;
};

function withReadingTime(entry: ContentEntry<BlogPostFrontmatter>): BlogPost {
  return { ...entry, readingMinutes: Math.max(1, Math.ceil(readingTime(entry.body).minutes)) };
}

/** Every published post in every language, read once per request (and so once per prerendered page). */
export const getAllPosts = cache(async (): Promise<BlogPost[]> => (await readPublished('blog', blogPostFrontmatter)).map(withReadingTime));

const getPostWorkingCopies = cache(async (): Promise<BlogPost[]> =>
  (await readWorkingCopies('blog', blogPostFrontmatter)).map(withReadingTime),
);

/**
 * What a post's page shows: in draft mode the working copy, when the visitor's session may read it
 * (content staff), else the published post.
 */
export async function getPostForPage(slug: string, locale: Locale, draft: boolean): Promise<ResolvedEntry<BlogPost> | undefined> {
  return (draft ? resolveEntry(await getPostWorkingCopies(), slug, locale) : undefined) ?? getPost(slug, locale);
}

/**
 * The posts written in a locale, newest first. In draft mode the working copies take the place of
 * what is published, when the visitor's session may read them (content staff).
 */
export async function getPostsIn(locale: Locale, draft = false): Promise<BlogPost[]> {
  const posts = draft ? withWorkingCopies(await getAllPosts(), await getPostWorkingCopies()) : await getAllPosts();
  return newestFirst(entriesIn(posts, locale));
}

/** A post for a URL in a locale, in another language when it was only written in that one. */
export async function getPost(slug: string, locale: Locale): Promise<ResolvedEntry<BlogPost> | undefined> {
  return resolveEntry(await getAllPosts(), slug, locale);
}

/** Every post slug in any language: each gets a page in every locale. */
export async function getPostSlugs(): Promise<string[]> {
  return allSlugs(await getAllPosts());
}
