import { describe, expect, it } from 'vitest';

import type { Locale } from '@/i18n/routing';

import { allSlugs, entriesIn, localesOf, resolveEntry, withWorkingCopies } from './localized-entries';

const entry = (slug: string, locale: Locale) => ({ slug, locale });
const entries = [entry('both', 'nl'), entry('both', 'en'), entry('dutch-only', 'nl'), entry('english-only', 'en')];

describe('language selection', () => {
  it('lists only the items written in a locale', () => {
    expect(entriesIn(entries, 'nl').map((e) => e.slug)).toEqual(['both', 'dutch-only']);
    expect(entriesIn(entries, 'en').map((e) => e.slug)).toEqual(['both', 'english-only']);
  });

  it('gives every slug a page, whatever its languages', () => {
    expect(allSlugs(entries)).toEqual(['both', 'dutch-only', 'english-only']);
    expect(localesOf(entries, 'both')).toEqual(['nl', 'en']);
    expect(localesOf(entries, 'english-only')).toEqual(['en']);
  });

  it('shows the own version when there is one', () => {
    expect(resolveEntry(entries, 'both', 'en')).toEqual({ entry: entry('both', 'en'), isFallback: false, locales: ['nl', 'en'] });
  });

  it('falls back to the other language, flagged, instead of a 404', () => {
    expect(resolveEntry(entries, 'dutch-only', 'en')).toEqual({ entry: entry('dutch-only', 'nl'), isFallback: true, locales: ['nl'] });
    expect(resolveEntry(entries, 'english-only', 'nl')).toEqual({
      entry: entry('english-only', 'en'),
      isFallback: true,
      locales: ['en'],
    });
    expect(resolveEntry(entries, 'missing', 'nl')).toBeUndefined();
  });
});

describe('working copies in a preview', () => {
  it('puts each working copy in place of the published version of its slug and language, and adds new ones', () => {
    const published = [
      { ...entry('both', 'nl'), text: 'live' },
      { ...entry('both', 'en'), text: 'live' },
    ];
    const working = [
      { ...entry('both', 'nl'), text: 'edited' },
      { ...entry('new', 'nl'), text: 'draft' },
    ];
    expect(withWorkingCopies(published, working)).toEqual([
      { ...entry('both', 'en'), text: 'live' },
      { ...entry('both', 'nl'), text: 'edited' },
      { ...entry('new', 'nl'), text: 'draft' },
    ]);
  });

  it('is the published list when there are no working copies to read', () => {
    const published = [entry('both', 'nl')];
    expect(withWorkingCopies(published, [])).toEqual(published);
  });
});
