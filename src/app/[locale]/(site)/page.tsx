import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';

import { LatestPosts } from '@/components/blog/latest-posts';
import { Cases } from '@/components/home/cases';
import { ClosingCta } from '@/components/home/closing-cta';
import { Hero } from '@/components/home/hero';
import { Process } from '@/components/home/process';
import { Services } from '@/components/home/services';
import { Testimonial } from '@/components/home/testimonial';
import { OpenVacancies } from '@/components/vacancies/open-vacancies';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const metadata = await pageMetadata((await params).locale, 'home', '/');
  // The home page carries the brand name first instead of the "… | Bitwerf" template.
  return { ...metadata, title: { absolute: `Bitwerf – ${String(metadata.title)}` } };
}

export default async function HomePage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  return (
    <>
      <Hero />
      <Services />
      <Process />
      <Cases />
      <Testimonial />
      <LatestPosts />
      <OpenVacancies />
      <ClosingCta />
    </>
  );
}
