import { getLocale, getTranslations } from 'next-intl/server';

import { StaffList, StaffListEmpty, StaffListRow } from '@/components/staff/staff-list';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { inboxPagePath } from '@/lib/contact/inbox-pages';
import type { InboxPage } from '@/lib/contact/staff-inbox';

import { StatusBadge } from './status-badge';

/** One page of the staff inbox, newest first, each message linking to its detail view. */
export async function InboxList({ inbox }: { inbox: InboxPage }) {
  const t = await getTranslations('inbox');
  const locale = await getLocale();
  const { messages, total, open } = inbox;

  if (total === 0) return <StaffListEmpty>{t('empty')}</StaffListEmpty>;

  return (
    <>
      <p className="mb-6 text-muted">{t('count', { count: total, open })}</p>
      <StaffList>
        {messages.map((message) => (
          <StaffListRow
            key={message.id}
            href={`/account/messages/${message.id}`}
            receivedAt={message.created_at}
            locale={locale}
            badge={<StatusBadge handled={message.handled_at !== null} />}
          >
            <span className="block font-semibold">
              {message.name}
              {message.company && <span className="font-normal text-muted"> · {message.company}</span>}
            </span>
            <span className="mt-1 block text-sm text-muted">{t(`subjects.${message.subject}`)}</span>
            <span className="mt-1 block truncate text-base">{message.message}</span>
          </StaffListRow>
        ))}
      </StaffList>
      <PaginationNav page={inbox.page} pageCount={inbox.pageCount} label={t('pagination.label')} pathOf={inboxPagePath} className="mt-10" />
    </>
  );
}
