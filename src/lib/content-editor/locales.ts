/** The languages every entry has a working copy in; free of server-only imports, for the editor's client leaves too. */
export type Locale = 'nl' | 'en';
export const LOCALES: readonly Locale[] = ['nl', 'en'];
