/** The kinds of content staff edit; the same names as content_entries.collection, and each one's public path. */
export const COLLECTIONS = ['blog', 'vacancies', 'cases', 'pages'] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** A typed value matched exactly: "Cases" or " cases" is no collection. */
export const isCollection = (value: unknown): value is Collection => COLLECTIONS.some((collection) => collection === value);

/**
 * The collections editors add entries to. The pages are the site's own (home, about): the import
 * makes them, and nobody creates, renames or deletes them (docs/decisions/0026-pages-as-documents.md).
 */
export const OPEN_COLLECTIONS = ['blog', 'vacancies', 'cases'] as const satisfies readonly Collection[];
export type OpenCollection = (typeof OPEN_COLLECTIONS)[number];
export const isOpenCollection = (value: unknown): value is OpenCollection => OPEN_COLLECTIONS.some((collection) => collection === value);

/** The site's pages that are documents, by their entries' fixed slugs. */
export const PAGE_SLUGS = ['home', 'about'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
export const isPageSlug = (value: unknown): value is PageSlug => PAGE_SLUGS.some((slug) => slug === value);

/**
 * What a document's front matter is checked as: its collection's schema, or for a page the schema
 * of that page. The same names as private.content_front_matter_schemas.collection.
 */
export type DocumentKind = OpenCollection | `pages/${PageSlug}`;
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  ...OPEN_COLLECTIONS,
  ...PAGE_SLUGS.map((slug) => `pages/${slug}` as const),
] as const;

/** A document's kind from its entry; a page entry with another slug has none (the database refuses one). */
export function documentKind(collection: Collection, slug: string): DocumentKind | undefined {
  if (collection !== 'pages') return collection;
  return isPageSlug(slug) ? `pages/${slug}` : undefined;
}
