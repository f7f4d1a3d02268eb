/** The kinds of content staff edit; the same names as content_entries.collection, and each one's public path. */
export const COLLECTIONS = ['blog', 'vacancies', 'cases'] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** A typed value matched exactly: "Cases" or " cases" is no collection. */
export const isCollection = (value: unknown): value is Collection => COLLECTIONS.some((collection) => collection === value);
