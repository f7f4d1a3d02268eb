import { getTranslations } from 'next-intl/server';

import { LinkCard } from '@/components/ui/link-card';
import type { Vacancy } from '@/lib/content/vacancies';

import { VacancyFacts } from './vacancy-facts';

type VacancyCardProps = { vacancy: Vacancy; headingLevel?: 'h2' | 'h3' };

/** One open vacancy in a list; the whole card is clickable through the title link. */
export async function VacancyCard({ vacancy, headingLevel = 'h2' }: VacancyCardProps) {
  const t = await getTranslations('vacancies.list');
  return (
    <LinkCard href={`/vacancies/${vacancy.slug}`} title={vacancy.data.title} headingLevel={headingLevel} gap="gap-5">
      <p className="text-muted">{vacancy.data.description}</p>
      <VacancyFacts data={vacancy.data} className="mt-auto" />
      <span aria-hidden="true" className="text-base font-semibold">
        {t('view')} <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
      </span>
    </LinkCard>
  );
}
