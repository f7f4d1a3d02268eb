import { getTranslations, setRequestLocale } from 'next-intl/server';

import { KeyFigures } from '@/components/about/key-figures';
import { Story } from '@/components/about/story';
import { Team } from '@/components/about/team';
import { Values } from '@/components/about/values';
import { OurWork } from '@/components/cases/our-work';
import { PageIntro } from '@/components/pages/page-intro';
import type { Locale } from '@/i18n/routing';
import { publicPageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export const generateMetadata = publicPageMetadata('about', '/about-us');

export default async function AboutPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('about.intro');
  return (
    <>
      <PageIntro title={t('title')} text={t('text')} />
      <KeyFigures />
      <Story />
      <Values />
      <OurWork />
      <Team />
    </>
  );
}
