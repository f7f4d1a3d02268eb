import { getLocale, getTranslations } from 'next-intl/server';

import type { VacancyFrontmatter } from '@/lib/content/frontmatter-schemas';
import { formatEuros } from '@/lib/locale-format';

type VacancyFactsProps = {
  data: VacancyFrontmatter;
  /** The salary is left out of the compact list cards and shown on the detail page. */
  withSalary?: boolean;
  className?: string;
};

/** Location, hours, employment type and (optionally) salary as a description list. */
export async function VacancyFacts({ data, withSalary = false, className = '' }: VacancyFactsProps) {
  const locale = await getLocale();
  const t = await getTranslations('vacancies');
  const { hours, salary } = data;
  // An internship is not employment and its allowance is not a salary (nor taxed as one), so
  // those two facts get their own labels and the allowance is not called gross.
  const internship = data.employmentType === 'INTERN';
  const facts = [
    { label: t('facts.location'), value: data.location },
    {
      label: t('facts.hours'),
      value: hours.min === hours.max ? t('facts.hoursFixed', { hours: hours.min }) : t('facts.hoursRange', hours),
    },
    { label: t(internship ? 'facts.internshipType' : 'facts.employmentType'), value: t(`employmentType.${data.employmentType}`) },
  ];
  if (withSalary) {
    const [min, max] = [formatEuros(salary.min, locale), formatEuros(salary.max, locale)];
    const single = salary.min === salary.max;
    // With the hours the range is for, as the pay transparency directive asks; older entries lack them.
    const at = salary.hours === undefined ? '' : 'At';
    const values = { min, max, amount: min, hours: salary.hours ?? 0 };
    facts.push(
      internship
        ? { label: t('facts.allowance'), value: t(`facts.${single ? 'allowanceFixed' : 'allowanceRange'}${at}`, values) }
        : { label: t('facts.salary'), value: t(`facts.${single ? 'salaryFixed' : 'salaryRange'}${at}`, values) },
      { label: t('facts.cao'), value: data.collectiveAgreement ?? t('facts.noCao') },
    );
  }

  return (
    <dl aria-label={t('facts.label')} className={`grid grid-cols-2 gap-x-6 gap-y-3 text-base sm:flex sm:flex-wrap sm:gap-x-8 ${className}`}>
      {facts.map(({ label, value }) => (
        <div key={label} className="flex flex-col">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
