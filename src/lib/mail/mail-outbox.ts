import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { acceptedFileTypes, fileFields, type AcceptedFileType, type FileField } from '@/lib/applications/application-fields';
import { createWithdrawToken } from '@/lib/applications/withdraw-token';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { siteUrl } from '@/lib/env/public';
import { createAdminClient } from '@/lib/supabase/admin';
import type { Database } from '@/lib/supabase/database.types';

import { sendApplicationNotification, sendApplicationReceived } from './application-mails';
import { runOutboxWith, type ClaimedMail, type Delivery, type OutboxRun } from './outbox-sender';

/**
 * Sends what the outbox holds that is due (see outbox-sender.ts for the guarantees). Runs right
 * after each application (after the answer, so the applicant does not wait for the mail server)
 * and from the scheduled tick (POST /api/retention), which retries what failed. Never throws.
 */
export async function runMailOutbox(): Promise<OutboxRun> {
  try {
    const admin = createAdminClient();
    return await runOutboxWith(admin, (mail) => deliver(admin, mail));
  } catch (error) {
    console.error('[mail-outbox] run failed:', error instanceof Error ? error.name : typeof error);
    return { ok: false, sent: 0, retrying: 0, gaveUp: 0 };
  }
}

const isFileKind = (kind: string): kind is FileField => fileFields.some((field) => field === kind);
const isFileType = (type: string): type is AcceptedFileType => Object.hasOwn(acceptedFileTypes, type);

/**
 * Renders one queued mail from the application as it is now and sends it. The withdraw link is
 * signed here, from the application's arrival, so the outbox holds no token and no address.
 */
async function deliver(admin: SupabaseClient<Database>, mail: ClaimedMail): Promise<Delivery> {
  // Two reads, not an embedded select: the embedded backend's REST has no embedding.
  const { data: application, error } = await admin
    .from('applications')
    .select('id, locale, email, vacancy_title, talent_pool, created_at, completed_at, deletion_requested_at')
    .eq('id', mail.applicationId)
    .maybeSingle();
  if (error) return { status: 'failed', code: 'EDATABASE' };
  // Withdrawn or on its way out: nobody is waiting for this mail any more.
  if (application === null || application.deletion_requested_at !== null || application.completed_at === null) {
    return { status: 'failed', code: 'EGONE' };
  }
  const receivedAt = new Date(application.created_at);
  if (mail.kind === 'application_notification') {
    return sendApplicationNotification({
      vacancyTitle: application.vacancy_title,
      applicationUrl: `${siteUrl}/account/applications/${application.id}`,
      receivedAt,
      company: await readCompanyDetails(),
    });
  }
  const locale = hasLocale(routing.locales, application.locale) ? application.locale : routing.defaultLocale;
  const files = await admin.from('application_files').select('kind, content_type, size_bytes').eq('application_id', application.id);
  if (files.error) return { status: 'failed', code: 'EDATABASE' };
  const { token, expiresAt } = await createWithdrawToken(application.id, receivedAt);
  return sendApplicationReceived({
    locale,
    to: application.email,
    vacancyTitle: application.vacancy_title,
    files: files.data.flatMap((file) =>
      isFileKind(file.kind) && isFileType(file.content_type)
        ? [{ kind: file.kind, contentType: file.content_type, sizeBytes: file.size_bytes }]
        : [],
    ),
    talentPool: application.talent_pool,
    receivedAt,
    withdrawUrl: `${siteUrl}${withLocale('/applications/withdraw', locale)}?token=${encodeURIComponent(token)}`,
    withdrawUntil: expiresAt,
    company: await readCompanyDetails(),
  });
}
