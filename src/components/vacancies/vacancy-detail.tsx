import { getLocale, getTranslations } from 'next-intl/server';

import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { LanguageNotice } from '@/components/ui/language-notice';
import { LocalizedLink } from '@/components/ui/localized-link';
import { applyPath } from '@/lib/content/apply-path';
import type { Vacancy } from '@/lib/content/vacancies';
import { formatDay } from '@/lib/locale-format';

import { VacancyFacts } from './vacancy-facts';

type VacancyDetailProps = {
  vacancy: Vacancy;
  /** The body as HTML, sanitized by the renderer (src/lib/content/render-markdown.ts). */
  html: string;
  /** Set when the page's locale has no version and this one is in another language. */
  notice?: string;
};

/** A vacancy page: title and facts, the full text, what we offer, and the call to apply (or "closed"). */
export async function VacancyDetail({ vacancy, html, notice }: VacancyDetailProps) {
  const locale = await getLocale();
  const t = await getTranslations('vacancies');
  const { data } = vacancy;

  return (
    <Container as="article" className="py-12 md:py-16 lg:py-24">
      <LocalizedLink href="/vacancies" className="underline-link text-base text-muted">
        ← {t('detail.back')}
      </LocalizedLink>
      {notice && (
        <div className="mt-8">
          <LanguageNotice text={notice} />
        </div>
      )}
      <header className="mt-8 max-w-4xl" lang={vacancy.locale}>
        {!vacancy.isOpen && (
          <Badge as="p" tone="alert" size="md" className="mb-4">
            {t('detail.closedBadge')}
          </Badge>
        )}
        <h1 className="text-3xl sm:text-4xl md:text-5xl">{data.title}</h1>
        <p className="mt-6 text-muted">{data.description}</p>
        <VacancyFacts data={data} withSalary className="mt-8 border-y border-line py-6" />
      </header>

      {!vacancy.isOpen && (
        <div role="status" className="mt-10 max-w-4xl rounded-2xl border border-line bg-raised p-6 md:p-8">
          <h2 className="text-2xl">{t('detail.closedTitle')}</h2>
          <p className="mt-3 text-muted">{t('detail.closedText')}</p>
          <div className="mt-4 flex flex-wrap gap-x-8 gap-y-3">
            <LocalizedLink href="/vacancies" className="underline-link font-semibold">
              {t('detail.openVacancies')}
            </LocalizedLink>
            <LocalizedLink href={applyPath()} className="underline-link font-semibold">
              {t('detail.openApplication')}
            </LocalizedLink>
          </div>
        </div>
      )}

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <div className="prose-site max-w-none" lang={vacancy.locale} dangerouslySetInnerHTML={{ __html: html }} />
        <aside className="flex flex-col gap-6 self-start lg:sticky lg:top-[calc(var(--spacing-header)+2rem)]">
          <section aria-labelledby="offer-title" className="rounded-2xl border border-line bg-raised p-6">
            <h2 id="offer-title" className="text-xl">
              {t('detail.offerTitle')}
            </h2>
            <ul className="mt-4 flex flex-col gap-3 text-base" lang={vacancy.locale}>
              {data.offer.map((item) => (
                <li key={item} className="flex gap-3">
                  <span aria-hidden="true" className="font-semibold">
                    ✓
                  </span>
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </section>
          {vacancy.isOpen && (
            <section aria-labelledby="apply-title" className="rounded-2xl bg-fg p-6 text-page">
              <h2 id="apply-title" className="text-xl">
                {t('detail.applyTitle')}
              </h2>
              <p className="mt-3 text-base opacity-90">{t('detail.applyText')}</p>
              <p className="mt-3 text-base opacity-90">{t('detail.noPayHistory')}</p>
              {data.validThrough && (
                <p className="mt-3 text-sm opacity-90">{t('detail.applyClosesOn', { date: formatDay(data.validThrough, locale) })}</p>
              )}
              <LocalizedLink href={applyPath(vacancy.slug)} className={buttonClass({ variant: 'inverse', className: 'mt-6' })}>
                {t('detail.apply')}
              </LocalizedLink>
            </section>
          )}
        </aside>
      </div>
    </Container>
  );
}
