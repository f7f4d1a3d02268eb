/** The two kinds of content staff edit; the same names as content_entries.collection. */
export type Collection = 'blog' | 'vacancies';
