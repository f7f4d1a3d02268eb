import 'server-only';

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';

import { hasLocale } from 'next-intl';

import { routing, type Locale } from '@/i18n/routing';
import { getVacancy } from '@/lib/content/vacancies';
import { getServerEnv } from '@/lib/env/server';
import { consumeRateLimit, consumeSiteCap } from '@/lib/rate-limit';
import { deleteApplications } from '@/lib/recruiting/delete-applications';
import { displayFileName } from '@/lib/recruiting/file-names';
import { createAdminClient } from '@/lib/supabase/admin';

import {
  fileFields,
  textFields,
  type AcceptedFileType,
  type ApplicationErrors,
  type ApplicationFailure,
  type ApplicationValues,
  type FileField,
} from './application-fields';
import {
  APPLICATION_RATE_LIMIT,
  APPLICATION_SITE_RATE_LIMIT,
  SITE_BUCKET,
  UPLOAD_BUCKET,
  UPLOAD_BUDGET,
  visitorBucket,
} from './application-limits';
import { cleanValue, validateApplication } from './application-schema';
import { checkApplicationFile } from './file-check';
import type { ReceivedForm } from './read-application-request';
import { withUploadSlot } from './upload-slots';

export type SubmitOutcome =
  | { status: 'received'; locale: Locale }
  | { status: 'invalid'; locale: Locale; vacancySlug: string | null; values: ApplicationValues; errors: ApplicationErrors }
  | { status: 'failed'; locale: Locale; vacancySlug: string | null; values: ApplicationValues; reason: ApplicationFailure };

type CheckedFile = { field: FileField; fileName: string; path: string; size: number; contentType: AcceptedFileType };

/**
 * Takes an application from a read form to stored, in this order: the form's own checks (text by
 * the shared schema, files by their content), then the limits (the visitor's, the site's, the
 * hour's upload budget), then the row, the files in Storage, their rows, and the mark that
 * completes it and queues the two mails (src/lib/mail/mail-outbox.ts sends them).
 * Only the server writes applications and files (RLS gives visitors nothing), so this uses the
 * service role, and only after every check has passed.
 */
export async function submitApplication(form: ReceivedForm, visitorKey: string): Promise<SubmitOutcome> {
  const rawLocale = form.fields.get('locale');
  const { locale, slug, values } = typedText(form.fields);
  const failed = (reason: ApplicationFailure): SubmitOutcome => ({ status: 'failed', locale, vacancySlug: slug, values, reason });
  if (!hasLocale(routing.locales, rawLocale)) return failed('badRequest');

  let vacancyTitle: string | null = null;
  if (slug !== null) {
    const vacancy = await getVacancy(slug, locale);
    if (vacancy === undefined) return failed('badRequest');
    if (!vacancy.entry.isOpen) return failed('vacancyClosed');
    vacancyTitle = vacancy.entry.data.title;
  }

  // Honeypot: people never see this field, bots fill it. Answer as if it worked and store nothing.
  if (form.fields.get('website')) return { status: 'received', locale };

  const validation = validateApplication(values);
  const errors: ApplicationErrors = validation.ok ? {} : { ...validation.errors };
  const files: CheckedFile[] = [];
  for (const field of fileFields) {
    const file = form.files[field];
    const shapeError = form.fileErrors[field];
    if (shapeError !== undefined) errors[field] = shapeError;
    else if (file === undefined) {
      if (field === 'cv') errors.cv = 'file.required';
    } else if (file.truncated) errors[field] = 'file.tooLarge';
    else {
      const check = await checkApplicationFile(file.path, file.size);
      // The name is kept for display only, without control and bidi characters; downloads are named by the server.
      if (check.ok)
        files.push({
          field,
          fileName: displayFileName(file.fileName) || field,
          path: file.path,
          size: file.size,
          contentType: check.contentType,
        });
      else errors[field] = check.error;
    }
  }
  if (!validation.ok || Object.keys(errors).length > 0) return { status: 'invalid', locale, vacancySlug: slug, values, errors };
  const application = validation.application;

  const limit = await checkLimits(visitorKey, files);
  if (limit !== null) return failed(limit);

  const supabase = createAdminClient();
  const { data: row, error } = await supabase
    .from('applications')
    .insert({
      locale,
      vacancy_slug: slug,
      vacancy_title: vacancyTitle,
      name: application.name,
      email: application.email,
      phone: application.phone ?? null,
      profile_url: application.profileUrl ?? null,
      motivation: application.motivation,
      talent_pool: application.talentPool === 'on',
      // Not complete until its files are stored (below).
      completed_at: null,
    })
    .select('id')
    .single();
  if (error) {
    console.error('[applications] not stored:', error.code);
    return failed('unavailable');
  }
  const id = row.id;

  const stored = await storeFiles(id, files);
  if (!stored) {
    // Nothing half-stored stays behind: the row goes, and with it whatever files did arrive.
    await deleteApplications([id]);
    return failed('unavailable');
  }

  // The application counts as received only once this mark is stored: the same transaction queues
  // its two mails in the outbox (runMailOutbox sends them after the answer, and retries), and a row
  // that never gets the mark (this server died or the database went away) is removed by retention.
  const completed = await supabase
    .from('applications')
    .update({ completed_at: new Date().toISOString() })
    .eq('id', id)
    .is('completed_at', null)
    .is('deletion_requested_at', null)
    .select('id');
  if (completed.error || completed.data.length !== 1) {
    console.error('[applications] not completed:', completed.error?.code ?? 'gone');
    await deleteApplications([id]);
    return failed('unavailable');
  }
  return { status: 'received', locale };
}

/** What the applicant typed, as the form's text parts give it: what a refusal puts back in the form. */
export function typedText(fields: Map<string, string>): { locale: Locale; slug: string | null; values: ApplicationValues } {
  const rawLocale = fields.get('locale');
  const locale: Locale = hasLocale(routing.locales, rawLocale) ? rawLocale : routing.defaultLocale;
  const values: ApplicationValues = {};
  for (const field of textFields) {
    const raw = fields.get(field);
    if (raw === undefined) continue;
    const value = cleanValue(field, raw);
    if (value !== '') values[field] = value;
  }
  return { locale, slug: fields.get('vacancy') || null, values };
}

/** Counts this application against each limit in turn; null when all let it through. */
async function checkLimits(visitorKey: string, files: CheckedFile[]): Promise<ApplicationFailure | null> {
  const visitor = await consumeRateLimit(
    visitorBucket(visitorKey),
    APPLICATION_RATE_LIMIT.maxApplications,
    APPLICATION_RATE_LIMIT.windowSeconds,
  );
  if (visitor === false) return 'rateLimited';
  const site =
    visitor === null
      ? null
      : await consumeSiteCap(SITE_BUCKET, getServerEnv().applicationSiteCap, APPLICATION_SITE_RATE_LIMIT.windowSeconds);
  if (site === false) return 'busy';
  const mebibytes = Math.max(1, Math.ceil(files.reduce((sum, file) => sum + file.size, 0) / (1024 * 1024)));
  const upload =
    site === null ? null : await consumeSiteCap(UPLOAD_BUCKET, UPLOAD_BUDGET.maxMebibytes, UPLOAD_BUDGET.windowSeconds, mebibytes);
  if (upload === false) return 'busy';
  // Fail closed when the limiter cannot answer, as the contact form does: it lives in the same
  // database, and storing anyway would open the gate unnoticed.
  if (visitor === null || site === null || upload === null) return 'unavailable';
  return null;
}

/**
 * Streams each file from disk into the private bucket under a name of UUIDs only, then records
 * it. False when any step fails.
 */
async function storeFiles(applicationId: string, files: CheckedFile[]): Promise<boolean> {
  const supabase = createAdminClient();
  for (const file of files) {
    const objectPath = `${applicationId}/${randomUUID()}`;
    // A raw body streamed from disk: a Blob would go out as multipart form data, which is
    // assembled in memory on its way through fetch.
    const upload = await withUploadSlot(() =>
      supabase.storage
        .from('applications')
        .upload(objectPath, createReadStream(file.path), { contentType: file.contentType, upsert: false, duplex: 'half' }),
    );
    if (upload.error) {
      console.error('[applications] file not stored:', upload.error.message);
      return false;
    }
    const { error } = await supabase.from('application_files').insert({
      application_id: applicationId,
      kind: file.field,
      object_path: objectPath,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.size,
    });
    if (error) {
      console.error('[applications] file row not stored:', error.code);
      // The object has no row yet, so deleting the application would not find it.
      await supabase.storage.from('applications').remove([objectPath]);
      return false;
    }
  }
  return true;
}
