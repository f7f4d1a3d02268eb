import { getLocale, getTranslations } from 'next-intl/server';

import { SelectField } from '@/components/forms/select-field';
import { StaffList, StaffListEmpty, StaffListRow } from '@/components/staff/staff-list';
import { buttonClass } from '@/components/ui/button-styles';
import { LocalizedLink } from '@/components/ui/localized-link';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { withLocale } from '@/i18n/locale-path';
import { applicationsPath, OPEN_APPLICATION, type ApplicationFilters } from '@/lib/recruiting/application-filters';
import { APPLICATION_STATUSES } from '@/lib/recruiting/application-status';
import type { ApplicationSummary, ApplicationsPage } from '@/lib/recruiting/staff-applications';
import { vacancyTitleIn, type ShownTitle } from '@/lib/recruiting/vacancy-title';

import { ApplicationStatusBadge } from './application-status-badge';

type ApplicationsListProps = { list: ApplicationsPage; filters: ApplicationFilters };

/**
 * The staff list: the vacancies with their counts, the filters (a plain GET form, so it works
 * without JavaScript and each view has its own address), and one page of applications, newest
 * first, each linking to its own page.
 */
export async function ApplicationsList({ list, filters }: ApplicationsListProps) {
  const [t, locale] = await Promise.all([getTranslations('recruiting'), getLocale()]);
  const { applications, vacancies } = list;
  const total = vacancies.reduce((sum, vacancy) => sum + vacancy.total, 0);
  const newCount = vacancies.reduce((sum, vacancy) => sum + vacancy.newCount, 0);
  const filtered = filters.vacancy !== undefined || filters.status !== undefined;

  if (total === 0) return <StaffListEmpty>{t('empty')}</StaffListEmpty>;

  // Stored titles are in the applicant's language; the page's own is shown where the site has it.
  const titleOf = async (slug: string | null, title: string | null, lang?: ApplicationSummary['locale']): Promise<ShownTitle> =>
    slug === null ? { text: t('openApplication') } : vacancyTitleIn(locale, slug, { title, locale: lang });
  const [vacancyTitles, rowTitles] = await Promise.all([
    Promise.all(vacancies.map((vacancy) => titleOf(vacancy.slug, vacancy.title))),
    Promise.all(applications.map((application) => titleOf(application.vacancy_slug, application.vacancy_title, application.locale))),
  ]);
  const vacancyValue = (slug: string | null) => slug ?? OPEN_APPLICATION;
  const pathOf = (page: number) => applicationsPath(filters, page);

  return (
    <>
      <p className="mb-8 text-muted">{t('count', { count: total, new: newCount })}</p>

      <nav aria-labelledby="vacancies-title" className="mb-10">
        <h2 id="vacancies-title" className="text-xl">
          {t('vacancies.title')}
        </h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {vacancies.map((vacancy, index) => {
            const value = vacancyValue(vacancy.slug);
            const title = vacancyTitles[index];
            return (
              <li key={value}>
                <LocalizedLink
                  href={applicationsPath({ vacancy: value })}
                  aria-current={filters.vacancy === value && filters.status === undefined ? 'page' : undefined}
                  className="flex flex-col rounded-xl border border-line px-4 py-3 hover:border-fg aria-[current=page]:border-2 aria-[current=page]:border-fg"
                >
                  <span className="font-semibold" lang={title?.lang}>
                    {title?.text}
                  </span>
                  <span className="text-sm text-muted">{t('vacancies.counts', { total: vacancy.total, new: vacancy.newCount })}</span>
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <form
        method="get"
        action={withLocale('/account/applications', locale)}
        aria-labelledby="filters-title"
        className="mb-8 grid gap-4 rounded-2xl border border-line p-6 md:grid-cols-[1fr_1fr_auto] md:items-end"
      >
        <h2 id="filters-title" className="text-xl md:col-span-3">
          {t('filters.title')}
        </h2>
        <SelectField id="filter-vacancy" name="vacancy" label={t('filters.vacancy')} defaultValue={filters.vacancy ?? ''}>
          <option value="">{t('filters.allVacancies')}</option>
          {vacancies.map((vacancy, index) => (
            <option key={vacancyValue(vacancy.slug)} value={vacancyValue(vacancy.slug)} lang={vacancyTitles[index]?.lang}>
              {vacancyTitles[index]?.text}
            </option>
          ))}
        </SelectField>
        <SelectField id="filter-status" name="status" label={t('filters.status')} defaultValue={filters.status ?? ''}>
          <option value="">{t('filters.allStatuses')}</option>
          {APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass({ size: 'sm' })}>
            {t('filters.submit')}
          </button>
          {filtered && (
            <LocalizedLink href="/account/applications" className="underline-link text-sm">
              {t('filters.reset')}
            </LocalizedLink>
          )}
        </div>
      </form>

      {filtered && <p className="mb-4 text-muted">{t('filteredCount', { count: list.total })}</p>}
      {applications.length === 0 ? (
        <StaffListEmpty>{t('emptyFiltered')}</StaffListEmpty>
      ) : (
        <StaffList>
          {applications.map((application, index) => (
            <StaffListRow
              key={application.id}
              href={`/account/applications/${application.id}`}
              receivedAt={application.created_at}
              locale={locale}
              badge={<ApplicationStatusBadge status={application.status} />}
            >
              <span className="block font-semibold">{application.name}</span>
              <span className="mt-1 block text-sm text-muted" lang={rowTitles[index]?.lang}>
                {rowTitles[index]?.text}
              </span>
            </StaffListRow>
          ))}
        </StaffList>
      )}
      <PaginationNav page={list.page} pageCount={list.pageCount} label={t('pagination.label')} pathOf={pathOf} className="mt-10" />
    </>
  );
}
