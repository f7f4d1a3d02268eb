import { getTranslations, setRequestLocale } from 'next-intl/server';

import { RightsRequestForms } from '@/components/rights/rights-request-forms';
import { StaffPage } from '@/components/staff/staff-page';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { privatePageTitle } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';

import { eraseSubjectData, lookUpSubject } from './actions';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = privatePageTitle('account.rights.metaTitle');

/** Access and erasure requests (AVG articles 15 and 17), for admins. */
export default async function RightsPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffRole('admin', locale, '/account/rights');
  const t = await getTranslations('account.rights');
  return (
    <StaffPage back={{ href: '/account', label: t('backToAccount') }} title={t('title')} intro={t('intro')}>
      <RightsRequestForms
        lookUp={lookUpSubject.bind(null, locale)}
        erase={eraseSubjectData.bind(null, locale)}
        exportPath={withLocale('/account/rights/export', locale)}
        texts={{
          email: t('email'),
          lookUp: t('lookUp'),
          lookingUp: t('lookingUp'),
          // Placeholders are filled in by the form: the server cannot hand it functions.
          summaryTitle: t.raw('summaryTitle') as string,
          counts: {
            account: t('counts.account'),
            contactMessages: t('counts.contactMessages'),
            applications: t('counts.applications'),
            applicationFiles: t('counts.applicationFiles'),
            applicationNotes: t('counts.applicationNotes'),
            applicationAccessLog: t('counts.applicationAccessLog'),
            applicationDrafts: t('counts.applicationDrafts'),
            yes: t('counts.yes'),
            no: t('counts.no'),
          },
          staff: t.raw('staff') as string,
          accessLogKept: t('accessLogKept'),
          nothing: t('nothing'),
          export: t('export'),
          exportHint: t('exportHint'),
          identity: {
            exportLabel: t('identity.exportLabel'),
            eraseLabel: t('identity.eraseLabel'),
            choose: t('identity.choose'),
            same_address: t('identity.same_address'),
            confirmed_from_address: t('identity.confirmed_from_address'),
          },
          confirm: t('confirm'),
          erase: t('erase'),
          erasing: t('erasing'),
          erased: t.raw('erased') as string,
        }}
        errors={{ invalidEmail: t('invalidEmail'), lookupFailed: t('lookupFailed') }}
        eraseErrors={{
          identityUnchecked: t('identityUnchecked'),
          unconfirmed: t('unconfirmed'),
          ownAccount: t('ownAccount'),
          staffAccount: t('staffAccount'),
          eraseFailed: t('eraseFailed'),
        }}
      />
    </StaffPage>
  );
}
