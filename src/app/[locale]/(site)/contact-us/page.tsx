import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ContactDetails } from '@/components/contact/contact-details';
import { ContactForm } from '@/components/contact/contact-form';
import { contactFormCopy } from '@/components/contact/contact-form-copy';
import { PageIntro } from '@/components/pages/page-intro';
import { Container } from '@/components/ui/container';
import type { Locale } from '@/i18n/routing';
import { getVacancyTitles } from '@/lib/content/vacancies';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

import { submitContact } from './actions';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = publicPageMetadata('contact', '/contact-us');

// Static like every public page: the query that preselects the form is read in the browser.
export default async function ContactPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('contact.intro');

  return (
    <>
      <PageIntro title={t('title')} text={t('text')} />
      <Container className="grid gap-16 pb-20 md:pb-28 lg:grid-cols-[1fr_2fr] lg:gap-24">
        <ContactDetails />
        <ContactForm
          action={submitContact.bind(null, locale)}
          copy={await contactFormCopy()}
          vacancyTitles={await getVacancyTitles(locale)}
        />
      </Container>
    </>
  );
}
