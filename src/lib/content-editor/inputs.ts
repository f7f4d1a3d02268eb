import { z } from 'zod';

import { COLLECTIONS, OPEN_COLLECTIONS } from '@/lib/content/collections';

/*
 * The editor's arguments as the server reads them. Every server action is a public endpoint: each
 * argument is parsed here before anything reaches the database, and anything else is refused.
 */

export const collectionInput = z.enum(COLLECTIONS);
export const localeInput = z.enum(['nl', 'en']);
export const entryIdInput = z.uuid();
/** As the table's check: lower-case words joined by single hyphens. */
export const slugInput = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
export const versionInput = z.int().min(1);
/** The body as the table allows it. */
export const bodyInput = z.string().max(200_000);
/** Checked field by field against the collection's schema afterwards. */
export const frontMatterInput = z.record(z.string(), z.unknown());

export const listInput = z.strictObject({ collection: collectionInput });
// The pages are the site's own: nobody adds one (the database refuses it too).
export const createInput = z.strictObject({ collection: z.enum(OPEN_COLLECTIONS), slug: slugInput });
export const entryInput = z.strictObject({ entryId: entryIdInput });
export const documentInput = z.strictObject({ entryId: entryIdInput, locale: localeInput });
export const saveInput = z.strictObject({
  entryId: entryIdInput,
  locale: localeInput,
  /** The version the editor's text started from: a write from an older one is a conflict. */
  baseVersion: versionInput,
  frontMatter: frontMatterInput,
  body: bodyInput,
});
export const versionedInput = z.strictObject({ entryId: entryIdInput, locale: localeInput, version: versionInput });
export const publishInput = z.strictObject({
  entryId: entryIdInput,
  /** One language or both, each with the version the editor saw. */
  documents: z
    .array(z.strictObject({ locale: localeInput, version: versionInput }))
    .min(1)
    .max(2)
    .refine((documents) => new Set(documents.map((d) => d.locale)).size === documents.length),
});
/** `at` is a wall-clock time in the site's time zone, as a datetime-local field gives it: "2026-12-01T09:00". */
export const scheduleInput = versionedInput.extend({ at: z.iso.datetime({ local: true }) });
export const restoreInput = z.strictObject({
  entryId: entryIdInput,
  locale: localeInput,
  revisionId: z.uuid(),
  baseVersion: versionInput,
});
export const slugChangeInput = z.strictObject({
  entryId: entryIdInput,
  slug: slugInput,
  /** Required once the entry was published: the old address then redirects to the new one. */
  confirmed: z.boolean().default(false),
});
