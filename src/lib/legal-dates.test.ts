import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { legalPages, type LegalKey } from '@/lib/legal-pages';

import en from '../../public/locales/en/legal.json';
import nl from '../../public/locales/nl/legal.json';

// Each legal page shows when its text last changed ("Laatst bijgewerkt", legal.<doc>.updated), and
// the privacy statement promises that date. So each document's texts, in both languages, are kept
// here as a hash next to the date they were last changed on: change a text and this test fails
// until both the date on the page and the entry here are updated, together.

const documents: Record<LegalKey, { updated: string; hash: string }> = {
  privacy: { updated: '2026-12-01', hash: 'b20b513d3c87933e7eafefe43678cf37f202d527d65bf37aec894cceb956b4f5' },
  cookies: { updated: '2026-12-01', hash: '7f6ef42169caba5cacb616651066b56dc9ca755ed2469bbb3fab9bf1b46a8b5b' },
  accessibility: { updated: '2026-12-01', hash: 'c8ae66454ac9b307396f89d67e3d1eee1ec7976184d4a5791cb642c8510b2228' },
  security: { updated: '2026-12-01', hash: '9249639e38b24d720e5278288367a26eac5e792ad4fb8249beb26e264d400cf4' },
};

/** The texts of one document in both languages, without its date. */
function textsOf(doc: LegalKey): string {
  const without = ({ updated: _updated, ...rest }: { updated: string }) => rest;
  return JSON.stringify([without(nl[doc]), without(en[doc])]);
}

const hashOf = (doc: LegalKey) => createHash('sha256').update(textsOf(doc)).digest('hex');

const long = (locale: string, day: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(day));

describe('the date on each legal page', () => {
  it('is kept for every legal page, and only for those', () => {
    expect(Object.keys(documents).sort()).toEqual(legalPages.map((page) => page.key).sort());
  });

  for (const { key: doc } of legalPages) {
    it(`moves with the ${doc} texts`, () => {
      const today = new Date().toISOString().slice(0, 10);
      expect(
        hashOf(doc),
        `The ${doc} texts changed. Set legal.${doc}.updated in public/locales/{nl,en}/legal.json to the day of the change ` +
          `(${long('nl', today)} / ${long('en-GB', today)} if that is today), and set its entry in src/lib/legal-dates.test.ts to ` +
          `{ updated: '${today}', hash: '${hashOf(doc)}' }: both together.`,
      ).toBe(documents[doc].hash);
    });

    it(`says the ${doc} date kept here, in both languages`, () => {
      const { updated } = documents[doc];
      expect(nl[doc].updated, `legal.${doc}.updated (nl) must give ${updated}`).toBe(`Laatst bijgewerkt: ${long('nl', updated)}`);
      expect(en[doc].updated, `legal.${doc}.updated (en) must give ${updated}`).toBe(`Last updated: ${long('en-GB', updated)}`);
    });
  }
});
