/** The two kinds of content staff edit; the same names as content_entries.collection. */
export type Collection = 'blog' | 'vacancies';

/** The cache tag of every page built from a collection (detail, lists, teasers, feed, sitemap, images). */
export function contentTag(collection: Collection): string {
  return `content:${collection}`;
}
