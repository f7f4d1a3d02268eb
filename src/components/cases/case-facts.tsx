import { getLocale, getTranslations } from 'next-intl/server';

import type { CaseStudyFrontmatter } from '@/lib/content/frontmatter-schemas';
import { formatMonth } from '@/lib/locale-format';

/** Client, sector, services and period of a case study, as a description list. */
export async function CaseFacts({ data, className = '' }: { data: CaseStudyFrontmatter; className?: string }) {
  const [locale, t, tServices] = await Promise.all([getLocale(), getTranslations('cases'), getTranslations('home.services.items')]);
  const { client, period } = data;
  const from = formatMonth(period.from, locale);
  const facts = [
    { label: t('facts.client'), value: client.anonymous || client.name === undefined ? t('anonymous') : client.name },
    { label: t('facts.sector'), value: [t(`sectors.${client.sector}`), client.place].filter(Boolean).join(' · ') },
    { label: t('facts.services'), value: data.services.map((key) => tServices(`${key}.title`)).join(', ') },
    {
      label: t('facts.period'),
      value: period.until ? t('facts.periodRange', { from, until: formatMonth(period.until, locale) }) : t('facts.periodSince', { from }),
    },
  ];
  return (
    <dl
      aria-label={t('facts.label')}
      className={`grid grid-cols-1 gap-x-8 gap-y-3 text-base lg:grid-cols-4 min-[26rem]:grid-cols-2 ${className}`}
    >
      {facts.map(({ label, value }) => (
        <div key={label} className="flex min-w-0 flex-col">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
