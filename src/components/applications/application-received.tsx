import { getLocale, getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { withLocale } from '@/i18n/locale-path';
import { readCompanyDetails } from '@/lib/company/read-company-details';

/** The page an applicant lands on once the application is stored. */
export async function ApplicationReceived() {
  const company = await readCompanyDetails();
  const [locale, t] = await Promise.all([getLocale(), getTranslations('applications.received')]);
  return (
    <Container className="max-w-3xl py-12 md:py-20">
      <h1 className="text-3xl md:text-5xl">{t('title')}</h1>
      <p className="mt-6 text-lg">{t('text')}</p>
      <p className="mt-4 text-muted">{t('mail', { email: company.email })}</p>
      <p className="mt-4 text-muted">
        {t.rich('retention', {
          link: (chunks) => (
            <a href={withLocale('/privacy', locale)} className="font-semibold underline underline-offset-4">
              {chunks}
            </a>
          ),
        })}
      </p>
      <LocalizedLink href="/vacancies" className={buttonClass({ variant: 'secondary', className: 'mt-10' })}>
        {t('back')}
      </LocalizedLink>
    </Container>
  );
}
