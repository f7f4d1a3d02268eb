import { getLocale, getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import type { Locale } from '@/i18n/routing';
import type { Withdrawable, WithdrawOutcome } from '@/lib/applications/withdraw';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { formatDay, todayInAmsterdam } from '@/lib/locale-format';
import { withdrawTalentPoolCopy } from '@/lib/recruiting/talent-pool-copy';

import { WithdrawForm } from './withdraw-form';

type WithdrawPanelProps = {
  application: Withdrawable | null;
  action: (previous: { outcome: WithdrawOutcome | null }, form: FormData) => Promise<{ outcome: WithdrawOutcome | null }>;
};

/** The calendar day in Amsterdam on which the application arrived. */
const receivedOn = (application: Withdrawable, locale: Locale) => formatDay(todayInAmsterdam(new Date(application.receivedAt)), locale);

/** The withdraw page: what will be deleted and a button to confirm, or why the link does not work. */
export async function WithdrawPanel({ application, action }: WithdrawPanelProps) {
  const company = await readCompanyDetails();
  const [locale, t] = await Promise.all([getLocale(), getTranslations('applications.withdraw')]);
  const email = company.email;
  return (
    <Container className="max-w-3xl py-12 md:py-20">
      {application === null ? (
        <>
          <h1 className="text-3xl md:text-5xl">{t('invalidTitle')}</h1>
          <p className="mt-6 text-muted">{t('invalidText', { email })}</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl md:text-5xl">{t('title')}</h1>
          <WithdrawForm
            action={action}
            details={
              <>
                <p className="mt-6 font-semibold">
                  {application.vacancyTitle
                    ? t('summary', { title: application.vacancyTitle, date: receivedOn(application, locale) })
                    : t('summaryOpen', { date: receivedOn(application, locale) })}
                </p>
                <p className="mt-4 text-muted">{t('intro')}</p>
              </>
            }
            copy={{
              confirm: t('confirm'),
              pending: t('pending'),
              done: t('done'),
              invalid: t('invalidText', { email }),
              failed: t('failed', { email }),
            }}
            talentPool={application.talentPool === null ? undefined : withdrawTalentPoolCopy(application.talentPool, locale, t)}
          />
        </>
      )}
    </Container>
  );
}
