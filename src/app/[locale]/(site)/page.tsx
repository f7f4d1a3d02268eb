import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { setRequestLocale } from 'next-intl/server';

import { LatestPosts } from '@/components/blog/latest-posts';
import { PreviewBar } from '@/components/content/preview-bar';
import { Cases } from '@/components/home/cases';
import { ClosingCta } from '@/components/home/closing-cta';
import { Hero } from '@/components/home/hero';
import { Process } from '@/components/home/process';
import { Services } from '@/components/home/services';
import { Testimonial } from '@/components/home/testimonial';
import { OrganizationJsonLd } from '@/components/seo/organization-json-ld';
import { OpenVacancies } from '@/components/vacancies/open-vacancies';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { getHomePage } from '@/lib/pages/page-documents';
import { documentMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const locale = (await params).locale;
  const home = await getHomePage(locale, (await draftMode()).isEnabled);
  const metadata = documentMetadata(locale, '/', home);
  // The home page carries the brand name first instead of the "… | Bitwerf" template.
  return { ...metadata, title: { absolute: `Bitwerf – ${String(metadata.title)}` } };
}

export default async function HomePage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Draft mode is on only for content staff who opened a preview: the teasers then show working copies.
  const { isEnabled: preview } = await draftMode();
  // The editorial texts are the page's document (in a preview its working copy); layout, order and links are here.
  const home = await getHomePage(locale, preview);
  return (
    <>
      {/* The firm's details for search engines live on the home page, where Google reads them;
          posts and vacancies name the firm in their own markup. */}
      <OrganizationJsonLd />
      {preview && <PreviewBar path={withLocale('/', locale)} />}
      <Hero texts={home.hero} />
      <Services texts={home.services} />
      <Process />
      <Cases texts={home.cases} preview={preview} />
      <Testimonial />
      <LatestPosts preview={preview} />
      <OpenVacancies preview={preview} />
      <ClosingCta texts={home.closing} />
    </>
  );
}
