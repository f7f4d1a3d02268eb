import 'server-only';

import { cookies } from 'next/headers';
import * as z from 'zod';

import { routing, type Locale } from '@/i18n/routing';
import { consumeSiteCap } from '@/lib/rate-limit';
import { createAdminClient } from '@/lib/supabase/admin';
import { isUuid } from '@/lib/uuid';

import {
  APPLICATION_FAILURES,
  DRAFT_COOKIE,
  textFields,
  type ApplicationErrorKey,
  type ApplicationErrors,
  type ApplicationFailure,
  type ApplicationValues,
} from './application-fields';
import { DRAFT_SITE_BUCKET, DRAFT_SITE_LIMIT } from './application-limits';
import { openDraft, sealDraft } from './sealed-draft';
import errorTexts from '../../../public/locales/nl/applications.json';

/*
 * What a form sent without JavaScript comes back with after a refusal (see the migration
 * …_application_drafts_and_upload_budget.sql for why drafts exist). The browser holds only the
 * draft's id, in an HttpOnly cookie scoped to the page that reads it, and the row is gone within
 * the hour. Only when the database cannot keep the draft does the cookie hold the text itself,
 * encrypted for this server (sealed-draft.ts), so an outage does not lose what was typed either.
 */

export const DRAFT_MAX_AGE_SECONDS = 60 * 60;

export type Draft = {
  locale: Locale;
  vacancySlug: string | null;
  values: ApplicationValues;
  errors: ApplicationErrors;
  failure: ApplicationFailure | null;
};

/** A failure named in the retry page's address (a form too broken to keep a draft of), or null. */
export function parseFailure(value: unknown): ApplicationFailure | null {
  return APPLICATION_FAILURES.find((failure) => failure === value) ?? null;
}

const storedDraft = z.object({
  locale: z.enum(routing.locales),
  vacancy_slug: z.nullable(z.string()),
  values: z.partialRecord(z.enum(textFields), z.string()),
  errors: z.object({
    fields: z.record(z.string(), z.string()),
    failure: z.nullable(z.enum(APPLICATION_FAILURES)),
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

/**
 * What the draft cookie is set to for a refused form: the stored draft's id, or, when the database
 * cannot keep it, the draft sealed into the value. Null when neither fits (the site's draft cap
 * was reached, or the text is too long for a cookie).
 */
export async function keepDraft(draft: Draft): Promise<string | null> {
  const id = await saveDraft(draft);
  if (id !== null) return id;
  return sealDraft(
    { locale: draft.locale, vacancySlug: draft.vacancySlug, values: draft.values, errors: draft.errors, failure: draft.failure },
    DRAFT_MAX_AGE_SECONDS,
  );
}

/** A draft younger than an hour, or null: stored (the cookie holds its id) or sealed into the cookie. */
export async function readDraft(id: string | undefined): Promise<Draft | null> {
  if (id === undefined) return null;
  if (!isUuid(id)) return readSealedDraft(id);
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
  return {
    locale: parsed.data.locale,
    vacancySlug: parsed.data.vacancy_slug,
    values: parsed.data.values,
    errors: knownErrors(parsed.data.errors.fields),
    failure: parsed.data.errors.failure,
  };
}

async function readSealedDraft(value: string): Promise<Draft | null> {
  const sealed = await openDraft(value);
  if (sealed === null) return null;
  return {
    locale: sealed.locale,
    vacancySlug: sealed.vacancySlug,
    values: sealed.values,
    errors: knownErrors(sealed.errors),
    failure: parseFailure(sealed.failure),
  };
}

function knownErrors(fields: Record<string, string>): ApplicationErrors {
  const errors: ApplicationErrors = {};
  for (const [field, key] of Object.entries(fields)) {
    if (isApplicationField(field) && isErrorKey(key)) errors[field] = key;
  }
  return errors;
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
