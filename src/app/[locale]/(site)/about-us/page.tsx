import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { setRequestLocale } from 'next-intl/server';

import { KeyFigures } from '@/components/about/key-figures';
import { Story } from '@/components/about/story';
import { Team } from '@/components/about/team';
import { Values } from '@/components/about/values';
import { OurWork } from '@/components/cases/our-work';
import { PreviewBar } from '@/components/content/preview-bar';
import { PageIntro } from '@/components/pages/page-intro';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { getAboutPage, teamPhotos } from '@/lib/pages/page-documents';
import { documentMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const locale = (await params).locale;
  return documentMetadata(locale, '/about-us', await getAboutPage(locale, (await draftMode()).isEnabled));
}

export default async function AboutPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Draft mode is on only for content staff who opened a preview: the page then shows its working copy.
  const { isEnabled: preview } = await draftMode();
  const about = await getAboutPage(locale, preview);
  return (
    <>
      {preview && <PreviewBar path={withLocale('/about-us', locale)} />}
      <PageIntro title={about.intro.title} text={about.intro.text} />
      <KeyFigures />
      <Story texts={about.story} />
      <Values texts={about.approach} />
      <OurWork />
      <Team texts={about.team} photos={await teamPhotos(about.team, preview)} />
    </>
  );
}
