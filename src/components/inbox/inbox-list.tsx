import { getLocale, getTranslations } from 'next-intl/server';

import { LocalizedLink } from '@/components/ui/localized-link';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { inboxPagePath } from '@/lib/contact/inbox-pages';
import type { InboxPage } from '@/lib/contact/staff-inbox';
import { formatDateTime } from '@/lib/locale-format';

import { StatusBadge } from './status-badge';

/** One page of the staff inbox, newest first, each message linking to its detail view. */
export async function InboxList({ inbox }: { inbox: InboxPage }) {
  const t = await getTranslations('inbox');
  const locale = await getLocale();
  const { messages, total, open } = inbox;

  if (total === 0) return <p className="rounded-2xl bg-raised p-8 text-muted">{t('empty')}</p>;

  return (
    <>
      <p className="mb-6 text-muted">{t('count', { count: total, open })}</p>
      <ul className="divide-y divide-line border-y border-line">
        {messages.map((message) => (
          <li key={message.id}>
            <LocalizedLink
              href={`/account/messages/${message.id}`}
              className="grid gap-2 py-5 hover:bg-raised focus-visible:bg-raised md:grid-cols-[12rem_1fr_auto] md:items-baseline md:gap-6 md:px-3"
            >
              <time dateTime={message.created_at} className="text-sm text-muted">
                {formatDateTime(message.created_at, locale, 'medium')}
              </time>
              <span className="min-w-0">
                <span className="block font-semibold">
                  {message.name}
                  {message.company && <span className="font-normal text-muted"> · {message.company}</span>}
                </span>
                <span className="mt-1 block text-sm text-muted">{t(`subjects.${message.subject}`)}</span>
                <span className="mt-1 block truncate text-base">{message.message}</span>
              </span>
              <StatusBadge handled={message.handled_at !== null} />
            </LocalizedLink>
          </li>
        ))}
      </ul>
      <PaginationNav page={inbox.page} pageCount={inbox.pageCount} label={t('pagination.label')} pathOf={inboxPagePath} className="mt-10" />
    </>
  );
}
