import { getTranslations } from 'next-intl/server';

import { endsProcedure, type ApplicationStatus } from '@/lib/recruiting/application-status';

const marks: Record<ApplicationStatus, string> = {
  new: '●',
  in_review: '◐',
  interview: '◐',
  offer: '◐',
  hired: '✓',
  rejected: '✕',
};

/** An application's status as a pill: a word and a mark, so it does not rely on colour alone. */
export async function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = await getTranslations('recruiting.status');
  return (
    <span
      className={`inline-flex items-center gap-1.5 self-start justify-self-start rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        endsProcedure(status) ? 'border-line text-muted' : status === 'new' ? 'border-fg bg-fg text-page' : 'border-fg text-fg'
      }`}
    >
      <span aria-hidden="true">{marks[status]}</span>
      <span>{t(status)}</span>
    </span>
  );
}
