import { getTranslations } from 'next-intl/server';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { Vacancy } from '@/lib/content/vacancies';
import { VacancyFacts } from './vacancy-facts';

type VacancyCardProps = { vacancy: Vacancy; headingLevel?: 'h2' | 'h3' };

/** One open vacancy in a list; the whole card is clickable through the title link. */
export async function VacancyCard({ vacancy, headingLevel: Heading = 'h2' }: VacancyCardProps) {
  const t = await getTranslations('vacancies.list');
  return (
    <article className="group relative flex w-full flex-col gap-5 rounded-2xl border border-line bg-raised p-6 transition-colors hover:border-fg has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-fg md:p-8">
      <Heading className="text-xl md:text-2xl">
        {/* The ::after overlay stretches the link over the card without nesting the card in a link. */}
        <LocalizedLink href={`/vacancies/${vacancy.slug}`} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
          {vacancy.data.title}
        </LocalizedLink>
      </Heading>
      <p className="text-muted">{vacancy.data.description}</p>
      <VacancyFacts data={vacancy.data} className="mt-auto" />
      <span aria-hidden="true" className="text-base font-semibold">
        {t('view')} <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
      </span>
    </article>
  );
}
