import { getTranslations } from 'next-intl/server';

import { Badge } from '@/components/ui/badge';

/** "Open" or "Handled", with a mark, so it does not rely on colour alone. */
export async function StatusBadge({ handled }: { handled: boolean }) {
  const t = await getTranslations('inbox.status');
  return (
    <Badge tone={handled ? 'done' : 'open'} mark={handled ? '✓' : '●'} className="self-start justify-self-start">
      {handled ? t('handled') : t('open')}
    </Badge>
  );
}
