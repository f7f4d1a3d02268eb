import type { ReactNode } from 'react';

import { LocalizedLink } from '@/components/ui/localized-link';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/lib/locale-format';

/** Said in place of a staff list with nothing in it. */
export function StaffListEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl bg-raised p-8 text-muted">{children}</p>;
}

/** The rows of a staff list (messages, applications), newest first. */
export function StaffList({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-line border-y border-line">{children}</ul>;
}

type StaffListRowProps = {
  /** The record's own page. */
  href: string;
  /** When the record came in (ISO 8601), shown first. */
  receivedAt: string;
  locale: Locale;
  /** The record's state, at the row's end. */
  badge: ReactNode;
  /** Who and what, between the time and the state. */
  children: ReactNode;
};

/** One record in a staff list: the whole row links to its page. */
export function StaffListRow({ href, receivedAt, locale, badge, children }: StaffListRowProps) {
  return (
    <li>
      <LocalizedLink
        href={href}
        className="grid gap-2 py-5 hover:bg-raised focus-visible:bg-raised md:grid-cols-[12rem_1fr_auto] md:items-baseline md:gap-6 md:px-3"
      >
        <time dateTime={receivedAt} className="text-sm text-muted">
          {formatDateTime(receivedAt, locale, 'medium')}
        </time>
        <span className="min-w-0">{children}</span>
        {badge}
      </LocalizedLink>
    </li>
  );
}
