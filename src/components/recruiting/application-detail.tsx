import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { getCharacterCounter } from '@/components/forms/counter-texts';
import { StaffRecord } from '@/components/staff/staff-page';
import { buttonClass } from '@/components/ui/button-styles';
import { DetailList } from '@/components/ui/detail-list';
import { withLocale } from '@/i18n/locale-path';
import { mailtoHref } from '@/lib/contact/mailto';
import { formatDateTime } from '@/lib/locale-format';
import { NOTE_MAX_LENGTH, type NoteAnswer, type RightsAnswer, type StatusAnswer } from '@/lib/recruiting/application-notices';
import { APPLICATION_STATUSES, deletionDue, statusUnchanged, talentPoolExit } from '@/lib/recruiting/application-status';
import { formatFileSize, profileHref, telHref } from '@/lib/recruiting/display';
import type { ApplicationDetail } from '@/lib/recruiting/staff-applications';
import { staffTalentPoolCopy } from '@/lib/recruiting/talent-pool-copy';
import { vacancyTitleIn } from '@/lib/recruiting/vacancy-title';

import { ApplicationNoteForm, ApplicationRightsForms, ApplicationStatusForm } from './application-forms';
import { ApplicationStatusBadge } from './application-status-badge';

type ApplicationDetailViewProps = {
  detail: ApplicationDetail;
  /** The change-status server action, already bound to this application. */
  changeStatus: (previous: StatusAnswer, form: FormData) => Promise<StatusAnswer>;
  /** The add-note server action, already bound to this application. */
  addNote: (previous: NoteAnswer, form: FormData) => Promise<NoteAnswer>;
  /** The applicant's requests by mail: leave the talent pool, delete everything (bound like the others). */
  leaveTalentPool: (previous: RightsAnswer, form: FormData) => Promise<RightsAnswer>;
  deleteOnRequest: (previous: RightsAnswer, form: FormData) => Promise<RightsAnswer>;
};

const sectionTitle = 'text-sm font-semibold tracking-wide text-muted uppercase';

/** One application in full: the applicant's details, the files, the status with its history, and the notes. */
export async function ApplicationDetailView({
  detail,
  changeStatus,
  addNote,
  leaveTalentPool,
  deleteOnRequest,
}: ApplicationDetailViewProps) {
  const [t, locale, counter] = await Promise.all([getTranslations('recruiting'), getLocale(), getCharacterCounter(NOTE_MAX_LENGTH)]);
  const { application, files, notes, actors } = detail;
  const when = (iso: string) => formatDateTime(iso, locale);
  const who = (id: string | null) => (id !== null && actors[id]) || t('unknownStaff');
  const profile = application.profile_url === null ? null : profileHref(application.profile_url);
  const tel = application.phone === null ? null : telHref(application.phone);
  const due = deletionDue(application);
  // What taking it out of the pool leads to, said before the click and after it (copy review 3, F2).
  // Hired, the pool no longer keeps it, so there is nothing to leave.
  const leave =
    application.talent_pool && application.status !== 'hired' ? staffTalentPoolCopy(talentPoolExit(application), when, t) : null;
  const vacancy =
    application.vacancy_slug === null
      ? { text: t('openApplication') }
      : await vacancyTitleIn(locale, application.vacancy_slug, { title: application.vacancy_title, locale: application.locale });

  const rows: [string, ReactNode][] = [
    [
      t('fields.received'),
      <time key="received" dateTime={application.created_at}>
        {when(application.created_at)}
      </time>,
    ],
    [
      t('fields.vacancy'),
      <span key="vacancy" lang={vacancy.lang}>
        {vacancy.text}
      </span>,
    ],
    [
      t('fields.email'),
      <a key="email" href={mailtoHref(application.email)} className="underline-link break-all">
        {application.email}
      </a>,
    ],
  ];
  if (application.phone !== null) {
    rows.push([
      t('fields.phone'),
      tel === null ? (
        application.phone
      ) : (
        <a key="phone" href={tel} className="underline-link">
          {application.phone}
        </a>
      ),
    ]);
  }
  if (application.profile_url !== null) {
    rows.push([
      t('fields.profile'),
      profile === null ? (
        <span className="break-all">{application.profile_url}</span>
      ) : (
        // An address the applicant typed: no referrer, no opener, and no endorsement for search engines.
        <a key="profile" href={profile} rel="noopener noreferrer nofollow" target="_blank" className="underline-link break-all">
          {application.profile_url}
        </a>
      ),
    ]);
  }
  rows.push(
    [t('fields.language'), t(`languages.${application.locale}`)],
    [
      t('fields.talentPool'),
      <span key="pool">
        {application.talent_pool ? t('talentPool.yes') : t('talentPool.no')}
        <span className="mt-1 block text-sm text-muted">
          {t(due.known ? 'retention.due' : 'retention.running', { date: when(due.date) })}
        </span>
      </span>,
    ],
  );

  return (
    <StaffRecord
      title={t('meta.detailTitle', { name: application.name })}
      badge={<ApplicationStatusBadge status={application.status} />}
      className="gap-10"
    >
      <DetailList rows={rows} />

      <section aria-labelledby="motivation-title" className="rounded-2xl bg-raised p-6 md:p-8">
        <h2 id="motivation-title" className={sectionTitle}>
          {t('fields.motivation')}
        </h2>
        {/* What applicants and staff type may hold a long address: it breaks anywhere, or it would widen the page on a phone (1.4.10). */}
        <p className="mt-3 wrap-anywhere whitespace-pre-line">{application.motivation}</p>
        <a href={mailtoHref(application.email)} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-6' })}>
          {t('reply')}
        </a>
      </section>

      <section aria-labelledby="files-title">
        <h2 id="files-title" className="text-2xl">
          {t('files.title')}
        </h2>
        {files.length === 0 ? (
          <p className="mt-3 text-muted">{t('files.none')}</p>
        ) : (
          <>
            <ul className="mt-4 grid gap-3">
              {files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-baseline gap-x-3">
                  {/* A plain link: the route answers with a redirect to Storage, which no client-side navigation should try to prefetch. */}
                  <a
                    href={withLocale(`/account/applications/${application.id}/files/${file.id}`, locale)}
                    className="underline-link font-semibold"
                  >
                    {t('files.download', { kind: t(`files.kinds.${file.kind}`) })}
                  </a>
                  <span className="text-sm break-all text-muted">
                    {t('files.details', { name: file.file_name, size: formatFileSize(file.size_bytes, locale) })}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-muted">{t('files.hint')}</p>
          </>
        )}
      </section>

      <section aria-labelledby="status-title" className="rounded-2xl border border-line p-6 md:p-8">
        <h2 id="status-title" className="text-2xl">
          {t('statusForm.title')}
        </h2>
        <p className="mt-3">
          {t('statusForm.current')}: <strong>{t(`status.${application.status}`)}</strong>
        </p>
        <p className="mt-1 text-sm text-muted">
          {application.status_changed_by !== null
            ? t('statusForm.changed', { date: when(application.status_changed_at), who: who(application.status_changed_by) })
            : statusUnchanged(application)
              ? t('statusForm.unchanged')
              : t('statusForm.changedBySystem', { date: when(application.status_changed_at) })}
          {application.procedure_ended_at !== null && ` ${t('statusForm.ended', { date: when(application.procedure_ended_at) })}`}
        </p>
        <ApplicationStatusForm
          action={changeStatus}
          current={application.status}
          options={APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
          texts={{
            label: t('statusForm.label'),
            submit: t('statusForm.submit'),
            pending: t('statusForm.pending'),
            notices: {
              statusChanged: t('notices.statusChanged'),
              statusUnchanged: t('notices.statusUnchanged'),
              statusFailed: t('notices.statusFailed'),
            },
          }}
        />
      </section>

      <section aria-labelledby="notes-title">
        <h2 id="notes-title" className="text-2xl">
          {t('notes.title')}
        </h2>
        <p className="mt-2 text-muted">{t('notes.intro')}</p>
        {notes.length === 0 ? (
          <p className="mt-4 text-muted">{t('notes.empty')}</p>
        ) : (
          <ol className="mt-4 grid gap-4">
            {notes.map((note) => (
              <li key={note.id} className="rounded-xl bg-raised p-4">
                <p className="wrap-anywhere whitespace-pre-line">{note.body}</p>
                <p className="mt-2 text-sm text-muted">{t('notes.by', { who: who(note.author_id), date: when(note.created_at) })}</p>
              </li>
            ))}
          </ol>
        )}
        <ApplicationNoteForm
          action={addNote}
          counter={counter}
          texts={{ label: t('notes.label'), submit: t('notes.submit'), pending: t('notes.pending'), added: t('notices.noteAdded') }}
          errors={{ noteEmpty: t('notices.noteEmpty'), noteTooLong: t('notices.noteTooLong'), noteFailed: t('notices.noteFailed') }}
        />
      </section>

      <section aria-labelledby="rights-title" className="rounded-2xl border border-line p-6 md:p-8">
        <h2 id="rights-title" className="text-2xl">
          {t('rights.title')}
        </h2>
        <p className="mt-3 text-muted">{t('rights.intro')}</p>
        <ApplicationRightsForms
          leaveTalentPool={leaveTalentPool}
          deleteOnRequest={deleteOnRequest}
          leave={leave}
          texts={{
            confirm: t('rights.confirm'),
            delete: t('rights.delete'),
            deletePending: t('rights.deletePending'),
            notices: {
              talentPoolLeft: leave?.left ?? t('notices.talentPoolLeft'),
              talentPoolFailed: t('notices.talentPoolFailed'),
              deleteUnconfirmed: t('notices.deleteUnconfirmed'),
              deleteFailed: t('notices.deleteFailed'),
            },
          }}
        />
      </section>
    </StaffRecord>
  );
}
