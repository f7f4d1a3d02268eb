import { getTranslations } from 'next-intl/server';

import { Badge } from '@/components/ui/badge';
import { endsProcedure, type ApplicationStatus } from '@/lib/recruiting/application-status';

const marks: Record<ApplicationStatus, string> = {
  new: '●',
  in_review: '◐',
  interview: '◐',
  offer: '◐',
  hired: '✓',
  rejected: '✕',
};

/** An application's status: a word and a mark, so it does not rely on colour alone. */
export async function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = await getTranslations('recruiting.status');
  const tone = endsProcedure(status) ? 'done' : status === 'new' ? 'new' : 'open';
  return (
    <Badge tone={tone} mark={marks[status]} className="self-start justify-self-start">
      {t(status)}
    </Badge>
  );
}
