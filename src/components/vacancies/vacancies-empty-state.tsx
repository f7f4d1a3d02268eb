import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { LocalizedLink } from '@/components/ui/localized-link';
import { applyPath } from '@/lib/content/apply-path';

/** Shown instead of the list when nothing is open: an open application is still welcome. */
export async function VacanciesEmptyState({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const t = await getTranslations('vacancies.list');
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-12 text-center md:px-12">
      <Heading className="text-2xl">{t('emptyTitle')}</Heading>
      <p className="mx-auto mt-4 max-w-2xl text-muted">{t('emptyText')}</p>
      <LocalizedLink href={applyPath()} className={buttonClass({ className: 'mt-8' })}>
        {t('emptyAction')}
      </LocalizedLink>
    </div>
  );
}
