import 'server-only';

import { cookies } from 'next/headers';
import * as z from 'zod';

import { routing, type Locale } from '@/i18n/routing';
import { consumeSiteCap } from '@/lib/rate-limit';
import { createAdminClient } from '@/lib/supabase/admin';
import { isUuid } from '@/lib/uuid';

import {
  DRAFT_COOKIE,
  textFields,
  type ApplicationErrorKey,
  type ApplicationErrors,
  type ApplicationFailure,
  type ApplicationValues,
} from './application-fields';
import { DRAFT_SITE_BUCKET, DRAFT_SITE_LIMIT } from './application-limits';
import errorTexts from '../../../public/locales/nl/applications.json';

/*
 * What a form sent without JavaScript comes back with after a refusal (see the migration
 * …_application_drafts_and_upload_budget.sql for why drafts exist). The browser holds only the
 * draft's id, in an HttpOnly cookie scoped to the page that reads it, never the text itself,
 * and the row is gone within the hour.
 */

export const DRAFT_MAX_AGE_SECONDS = 60 * 60;

export type Draft = {
  locale: Locale;
  vacancySlug: string | null;
  values: ApplicationValues;
  errors: ApplicationErrors;
  failure: ApplicationFailure | null;
};

export const failures = [
  'rateLimited',
  'busy',
  'unavailable',
  'badRequest',
  'tooLarge',
  'vacancyClosed',
] as const satisfies readonly ApplicationFailure[];

/** A failure named in the retry page's address (a form too broken to keep a draft of), or null. */
export function parseFailure(value: unknown): ApplicationFailure | null {
  return failures.find((failure) => failure === value) ?? null;
}

const storedDraft = z.object({
  locale: z.enum(routing.locales),
  vacancy_slug: z.nullable(z.string()),
  values: z.partialRecord(z.enum(textFields), z.string()),
  errors: z.object({
    fields: z.record(z.string(), z.string()),
    failure: z.nullable(z.enum(failures)),
  }),
});

/** Keeps a refused form's text for an hour; null when it could not be stored. */
export async function saveDraft(draft: Draft): Promise<string | null> {
  // Each visitor's drafts are bounded by their requests (application-limits.ts); this bounds all of them.
  if ((await consumeSiteCap(DRAFT_SITE_BUCKET, DRAFT_SITE_LIMIT.maxDrafts, DRAFT_SITE_LIMIT.windowSeconds)) !== true) return null;
  const { data, error } = await createAdminClient()
    .from('application_drafts')
    .insert({
      locale: draft.locale,
      vacancy_slug: draft.vacancySlug,
      values: draft.values,
      errors: { fields: draft.errors, failure: draft.failure },
    })
    .select('id')
    .single();
  if (error) {
    console.error('[applications] draft not stored:', error.code);
    return null;
  }
  return data.id;
}

/** A draft younger than an hour, or null. */
export async function readDraft(id: string | undefined): Promise<Draft | null> {
  if (!isUuid(id)) return null;
  const since = new Date(Date.now() - DRAFT_MAX_AGE_SECONDS * 1000).toISOString();
  const { data, error } = await createAdminClient()
    .from('application_drafts')
    .select('locale, vacancy_slug, values, errors')
    .eq('id', id)
    .gte('created_at', since)
    .maybeSingle();
  if (error || data === null) return null;
  const parsed = storedDraft.safeParse(data);
  if (!parsed.success) return null;
  const errors: ApplicationErrors = {};
  for (const [field, key] of Object.entries(parsed.data.errors.fields)) {
    if (isApplicationField(field) && isErrorKey(key)) errors[field] = key;
  }
  return {
    locale: parsed.data.locale,
    vacancySlug: parsed.data.vacancy_slug,
    values: parsed.data.values,
    errors,
    failure: parsed.data.errors.failure,
  };
}

export async function deleteDraft(id: string | undefined): Promise<void> {
  if (!isUuid(id)) return;
  const { error } = await createAdminClient().from('application_drafts').delete().eq('id', id);
  if (error) console.error('[applications] draft not deleted:', error.code);
}

const applicationFields: readonly string[] = [...textFields, 'cv', 'extra'];
const errorKeys: readonly string[] = Object.entries(errorTexts.errors).flatMap(([group, texts]) =>
  Object.keys(texts).map((name) => `${group}.${name}`),
);

/** A stored key is trusted only if the message files still have a text for it. */
function isErrorKey(value: string): value is ApplicationErrorKey {
  return errorKeys.includes(value);
}

function isApplicationField(value: string): value is keyof ApplicationErrors {
  return applicationFields.includes(value);
}

/** The draft this browser's cookie names (the retry page), or null. */
export async function readDraftOfRequest(): Promise<Draft | null> {
  return readDraft((await cookies()).get(DRAFT_COOKIE)?.value);
}
