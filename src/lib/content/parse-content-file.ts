import matter from 'gray-matter';
import type { z } from 'zod';

import { routing, type Locale } from '@/i18n/routing';

/** One language version of a blog post or vacancy, as read from `content/<collection>/<slug>.<locale>.mdx`. */
export type ContentEntry<Data> = {
  slug: string;
  locale: Locale;
  data: Data;
  /** The Markdown/MDX body without its frontmatter. */
  body: string;
  /** Where it was read from, for messages: a file in content/, or `<collection>/<slug>.<locale>` of a row. */
  file: string;
};

// "page" is reserved: /blog/page/2 is the second page of the list, not a post.
const reservedSlugs = new Set(['page', 'rss.xml']);
const fileNamePattern = /^(?<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.(?<locale>[a-z]{2})\.mdx$/;

export class ContentError extends Error {
  override name = 'ContentError';
}

/** Slug and locale from a file name, or an error that says which name is wrong and why. */
export function parseFileName(file: string): { slug: string; locale: Locale } {
  const name = file.split('/').at(-1) ?? file;
  const groups = fileNamePattern.exec(name)?.groups;
  if (!groups?.slug || !groups.locale) throw new ContentError(`${file}: file name must be <kebab-case-slug>.<locale>.mdx`);
  const { slug, locale } = groups;
  const known = routing.locales.find((l) => l === locale);
  if (!known) throw new ContentError(`${file}: unknown locale "${locale}" (expected ${routing.locales.join(' or ')})`);
  if (reservedSlugs.has(slug)) throw new ContentError(`${file}: the slug "${slug}" is reserved`);
  return { slug, locale: known };
}

function describeIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(frontmatter)';
    return `  - field "${field}": ${issue.message}`;
  });
  return `${file}: invalid frontmatter\n${lines.join('\n')}`;
}

/**
 * Parses one content file. Invalid frontmatter throws with the file and every offending field,
 * and since pages load content while they are prerendered, that fails `next build`.
 */
export function parseContentFile<Schema extends z.ZodType>(file: string, source: string, schema: Schema): ContentEntry<z.output<Schema>> {
  const { slug, locale } = parseFileName(file);
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An empty options object bypasses gray-matter's cache, which would otherwise hand back one
    // shared object for files with identical source.
    parsed = matter(source, {});
  } catch (cause) {
    throw new ContentError(`${file}: frontmatter is not valid YAML (${(cause as Error).message})`, { cause });
  }
  const result = schema.safeParse(parsed.data);
  if (!result.success) throw new ContentError(describeIssues(file, result.error));
  return { slug, locale, data: result.data, body: parsed.content, file };
}
