import { getTranslations, setRequestLocale } from 'next-intl/server';

import { ContactDetails } from '@/components/contact/contact-details';
import { ContactForm } from '@/components/contact/contact-form';
import { contactFormCopy } from '@/components/contact/contact-form-copy';
import { PageIntro } from '@/components/pages/page-intro';
import { Container } from '@/components/ui/container';
import type { Locale } from '@/i18n/routing';
import { isSubject } from '@/lib/contact/contact-fields';
import { getVacancy } from '@/lib/content/vacancies';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

import { submitContact } from './actions';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = publicPageMetadata('contact', '/contact-us');

export default async function ContactPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  // ?subject=vacancy&vacancy=<slug> preselects the form from a vacancy's "apply" button; the
  // field then shows the vacancy's title (staff read it in the inbox), or the text as given.
  const query = await searchParams;
  const t = await getTranslations('contact.intro');
  const requested = typeof query.vacancy === 'string' ? query.vacancy.slice(0, 120) : undefined;
  const vacancy = requested ? ((await getVacancy(requested, locale))?.entry.data.title ?? requested) : undefined;

  return (
    <>
      <PageIntro title={t('title')} text={t('text')} />
      <Container className="grid gap-16 pb-20 md:pb-28 lg:grid-cols-[1fr_2fr] lg:gap-24">
        <ContactDetails />
        <ContactForm
          action={submitContact.bind(null, locale)}
          copy={await contactFormCopy()}
          initialSubject={isSubject(query.subject) ? query.subject : 'general'}
          initialVacancy={vacancy}
        />
      </Container>
    </>
  );
}
