import { getLocale, getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import { ListHeading } from '@/components/ui/list-heading';
import { LocalizedLink } from '@/components/ui/localized-link';
import { getOpenVacanciesIn } from '@/lib/content/vacancies';

import { VacanciesEmptyState } from './vacancies-empty-state';
import { VacancyFacts } from './vacancy-facts';

/** For the home page: the open vacancies of the request locale as a compact list, or the empty state (in a preview, of the working copies). */
export async function OpenVacancies({ preview = false }: { preview?: boolean }) {
  const locale = await getLocale();
  const t = await getTranslations('vacancies');
  const vacancies = await getOpenVacanciesIn(locale, preview);

  return (
    <Container as="section" aria-labelledby="open-vacancies-title" className="py-16 md:py-24">
      <ListHeading id="open-vacancies-title" title={t('home.title')} href="/vacancies" all={t('home.all')} />
      <div className="mt-10">
        {vacancies.length === 0 ? (
          <VacanciesEmptyState headingLevel="h3" />
        ) : (
          <ul className="divide-y divide-line border-y border-line">
            {vacancies.map((vacancy) => (
              <li
                key={vacancy.slug}
                className="group relative flex flex-col gap-4 py-6 lg:grid lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center lg:gap-8"
              >
                <h3 className="text-xl">
                  <LocalizedLink href={`/vacancies/${vacancy.slug}`} className="after:absolute after:inset-0">
                    {vacancy.data.title}
                  </LocalizedLink>
                </h3>
                {/* Fixed columns from lg, so location, hours and type line up from row to row. */}
                <VacancyFacts data={vacancy.data} className="lg:grid lg:grid-cols-[repeat(3,11rem)]" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Container>
  );
}
