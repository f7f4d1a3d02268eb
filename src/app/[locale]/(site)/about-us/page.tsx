import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { KeyFigures } from '@/components/about/key-figures';
import { Story } from '@/components/about/story';
import { Team } from '@/components/about/team';
import { Values } from '@/components/about/values';
import { PageIntro } from '@/components/pages/page-intro';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return pageMetadata((await params).locale, 'about', '/about-us');
}

export default async function AboutPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('about.intro');
  return (
    <>
      <PageIntro title={t('title')} text={t('text')} />
      <KeyFigures />
      <Story />
      <Values />
      <Team />
    </>
  );
}
