import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { CompanyDetailsForm } from '@/components/company/company-details-form';
import { CompanyDetailsList } from '@/components/company/company-details-list';
import { PublishVersionForm } from '@/components/company/publish-version-form';
import { FormMessage } from '@/components/forms/form-message';
import { StaffLoadFailed, StaffPage } from '@/components/staff/staff-page';
import { errorTextsOf } from '@/i18n/error-texts';
import type { Locale } from '@/i18n/routing';
import { companyFormOf } from '@/lib/company/company-details-schema';
import { companyDefaults } from '@/lib/company/defaults';
import { companyHistory } from '@/lib/company/edit-company-details';
import { formatDateTime } from '@/lib/locale-format';
import { privatePageTitle } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';

import { publishCompany, saveCompany } from './actions';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = privatePageTitle('staff.company.meta.title');

/** A version number from the query after a save or a publication; anything else is no number. */
const versionFrom = (value: string | string[] | undefined): number | null =>
  typeof value === 'string' && /^[1-9][0-9]{0,15}$/u.test(value) ? Number(value) : null;

export default async function CompanyDetailsPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaffRole('admin', locale, '/account/company');
  const [tStaff, t, messages, history, query] = await Promise.all([
    getTranslations('staff'),
    getTranslations('staff.company'),
    getMessages(),
    companyHistory(supabase),
    searchParams,
  ]);
  const saved = versionFrom(query.saved);
  const published = versionFrom(query.published);
  const live = history?.find((version) => version.live);
  // The form starts from the newest version: the admin's latest draft, or what is live.
  const start = companyFormOf(history?.[0]?.details ?? live?.details ?? companyDefaults);
  const labels = {
    name: t('details.name'),
    legalName: t('details.legalName'),
    email: t('details.email'),
    securityEmail: t('details.securityEmail'),
    phone: t('details.phone'),
    address: t('details.address'),
    kvk: t('details.kvk'),
    vatId: t('details.vatId'),
  };
  const who = (email: string | null) => email ?? t('history.someone');

  return (
    <StaffPage back={{ href: '/account', label: tStaff('backToAccount') }} title={t('title')} intro={t('intro')}>
      {published !== null && (
        <FormMessage tone="success" role="status" className="mb-8 max-w-3xl">
          {t('history.published', { id: published })}
        </FormMessage>
      )}
      <div className="flex flex-col gap-8">
        <AccountSection title={t('live.title')}>
          {live ? <CompanyDetailsList details={live.details} labels={labels} /> : <p>{t('live.none')}</p>}
        </AccountSection>
        <AccountSection title={t('form.title')} intro={t('form.intro')}>
          <CompanyDetailsForm
            action={saveCompany.bind(null, locale)}
            start={start}
            texts={{
              labels: {
                name: t('form.name'),
                legalName: t('form.legalName'),
                email: t('form.email'),
                securityEmail: t('form.securityEmail'),
                phone: t('form.phone'),
                street: t('form.street'),
                postcode: t('form.postcode'),
                city: t('form.city'),
                kvk: t('form.kvk'),
                vatId: t('form.vatId'),
              },
              hints: {
                legalName: t('form.legalNameHint'),
                securityEmail: t('form.securityEmailHint'),
                phone: t('form.phoneHint'),
                postcode: t('form.postcodeHint'),
                kvk: t('form.kvkHint'),
                vatId: t('form.vatIdHint'),
              },
              submit: t('form.submit'),
              pending: t('form.pending'),
              errors: errorTextsOf(messages.staff.company.errors, (key) => t(`errors.${key}`)),
            }}
          />
        </AccountSection>
        <AccountSection title={t('history.title')} intro={t('history.intro')}>
          {saved !== null && (
            <FormMessage tone="success" role="status" className="mb-6">
              {t('history.saved', { id: saved })}
            </FormMessage>
          )}
          {history === null ? (
            <StaffLoadFailed>{t('history.loadFailed')}</StaffLoadFailed>
          ) : (
            <ol className="flex flex-col gap-6">
              {history.map((version) => (
                <li key={version.id} id={`version-${version.id}`} className="scroll-mt-header rounded-2xl border border-line p-5">
                  <article aria-labelledby={`version-${version.id}-title`}>
                    <h3 id={`version-${version.id}-title`} className="text-lg">
                      {t('history.version', { id: version.id })}
                      <span className="ml-3 text-sm font-normal text-muted">
                        {version.live
                          ? t('history.live')
                          : version.publishedAt
                            ? version.publishedBy
                              ? t('history.publishedAt', { date: formatDateTime(version.publishedAt, locale), who: version.publishedBy })
                              : t('history.publishedFirst', { date: formatDateTime(version.publishedAt, locale) })
                            : t('history.draft')}
                      </span>
                    </h3>
                    <p className="mt-1 mb-4 text-sm text-muted">
                      {version.createdBy === null && version.id === history.at(-1)?.id
                        ? t('history.savedFirst')
                        : t('history.savedBy', { date: formatDateTime(version.createdAt, locale), who: who(version.createdBy) })}
                    </p>
                    <CompanyDetailsList details={version.details} labels={labels} />
                    {!version.live && (
                      <PublishVersionForm
                        action={publishCompany.bind(null, locale, version.id)}
                        describedBy={`version-${version.id}-title`}
                        texts={{ submit: t('history.publish'), pending: t('history.publishPending'), failed: t('history.publishFailed') }}
                      />
                    )}
                  </article>
                </li>
              ))}
            </ol>
          )}
        </AccountSection>
        <AccountSection title={t('authMails.title')}>
          <p className="max-w-3xl">{t('authMails.text')}</p>
        </AccountSection>
      </div>
    </StaffPage>
  );
}
