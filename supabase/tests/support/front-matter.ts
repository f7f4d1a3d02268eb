import type { Json } from '../../../src/lib/supabase/database.types';

/** A description long enough for every collection's schema, for tests that are not about it. */
export const DESCRIPTION = 'Een beschrijving die lang genoeg is voor de kaart en het zoekresultaat.';

/**
 * Front matter that passes its collection's schema (the database refuses to publish any other),
 * with the title and description a test is about.
 */
export function validFrontMatter(
  collection: 'blog' | 'vacancies',
  fields: { title: string; description?: string },
): { [key: string]: Json } {
  const description = fields.description ?? DESCRIPTION;
  if (collection === 'blog') return { title: fields.title, description, date: '2026-11-30', author: 'Sanne de Vries', tags: [] };
  return {
    title: fields.title,
    description,
    status: 'open',
    location: 'Zwolle',
    hours: { min: 32, max: 40 },
    employmentType: 'FULL_TIME',
    salary: { min: 4000, max: 5500, hours: 40 },
    datePosted: '2026-11-30',
    offer: ['Een plek in een klein team.'],
  };
}
