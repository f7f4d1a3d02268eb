import type { Vacancy } from '@/lib/content/vacancies';

import { VacanciesEmptyState } from './vacancies-empty-state';
import { VacancyCard } from './vacancy-card';

type VacancyListProps = { vacancies: Vacancy[]; headingLevel?: 'h2' | 'h3' };

/** The open vacancies as cards, or the empty state when there are none. */
export function VacancyList({ vacancies, headingLevel = 'h2' }: VacancyListProps) {
  if (vacancies.length === 0) return <VacanciesEmptyState headingLevel={headingLevel} />;
  return (
    <ul className="grid gap-6 lg:grid-cols-2">
      {vacancies.map((vacancy) => (
        <li key={vacancy.slug} className="flex">
          <VacancyCard vacancy={vacancy} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
