import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { StatusRegion } from '@/components/forms/status-region';
import { StaffRecord } from '@/components/staff/staff-page';
import { buttonClass } from '@/components/ui/button-styles';
import { DetailList } from '@/components/ui/detail-list';
import { mailtoHref } from '@/lib/contact/mailto';
import type { InboxMessage } from '@/lib/contact/staff-inbox';
import { formatDateTime } from '@/lib/locale-format';

import { StatusBadge } from './status-badge';

type InboxMessageViewProps = {
  message: InboxMessage;
  /** The mark-as-handled server action, already bound to this message. */
  markHandled: () => Promise<void>;
  notice?: 'handled' | 'failed';
};

/** One message in full, with a reply link and the mark-as-handled action. */
export async function InboxMessageView({ message, markHandled, notice }: InboxMessageViewProps) {
  const t = await getTranslations('inbox');
  const locale = await getLocale();
  const when = (iso: string) => formatDateTime(iso, locale);

  const rows: [string, ReactNode][] = [
    [
      t('fields.received'),
      <time key="r" dateTime={message.created_at}>
        {when(message.created_at)}
      </time>,
    ],
    [
      t('fields.email'),
      <a key="e" href={mailtoHref(message.email)} className="underline-link break-all">
        {message.email}
      </a>,
    ],
    ...(message.company ? [[t('fields.company'), message.company] as [string, ReactNode]] : []),
    ...(message.phone
      ? [
          [
            t('fields.phone'),
            <a key="p" href={`tel:${message.phone.replace(/[^+0-9]/g, '')}`} className="underline-link">
              {message.phone}
            </a>,
          ] as [string, ReactNode],
        ]
      : []),
    [t('fields.subject'), t(`subjects.${message.subject}`)],
    ...(message.vacancy ? [[t('fields.vacancy'), message.vacancy] as [string, ReactNode]] : []),
    [t('fields.language'), t(`languages.${message.locale}`)],
    ...(message.handled_at ? [[t('fields.handled'), when(message.handled_at)] as [string, ReactNode]] : []),
  ];

  return (
    <StaffRecord
      title={t('meta.detailTitle', { name: message.name })}
      badge={<StatusBadge handled={message.handled_at !== null} />}
      className="gap-8"
    >
      {/* The mark-handled button is gone after it was pressed: the notice takes its focus. */}
      <StatusRegion
        message={notice && (notice === 'handled' ? t('markedHandled') : t('markFailed'))}
        className={`rounded-lg border p-4 font-semibold ${notice === 'failed' ? 'border-danger' : 'border-line'}`}
      />

      <DetailList rows={rows} />

      <section aria-labelledby="message-body-title" className="rounded-2xl bg-raised p-6 md:p-8">
        <h2 id="message-body-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
          {t('fields.message')}
        </h2>
        {/* Written on the site in its language then, which is the best guess at the text's own (WCAG 3.1.2).
            A pasted address may break anywhere, or it would widen the page on a phone (1.4.10). */}
        <p className="mt-3 wrap-anywhere whitespace-pre-line" lang={message.locale === locale ? undefined : message.locale}>
          {message.message}
        </p>
      </section>

      <div className="flex flex-wrap gap-4">
        <a
          href={mailtoHref(message.email, `Re: ${t(`subjects.${message.subject}`)}`)}
          className={buttonClass({ variant: 'secondary', size: 'lg' })}
        >
          {t('reply')}
        </a>
        {!message.handled_at && (
          <form action={markHandled}>
            <button type="submit" className={buttonClass({ size: 'lg' })}>
              {t('markHandled')}
            </button>
          </form>
        )}
      </div>
    </StaffRecord>
  );
}
