import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageIntro } from '@/components/pages/page-intro';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const metadata = await pageMetadata((await params).locale, 'home', '/');
  // The home page carries the brand name first instead of the "… | Bitwerf" template.
  return { ...metadata, title: { absolute: `Bitwerf – ${String(metadata.title)}` } };
}

export default async function HomePage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('home.hero');
  return (
    <PageIntro eyebrow={t('eyebrow')} title={t('title')} text={t('intro')}>
      <LocalizedLink href="/contact-us" className="inline-block rounded-full bg-fg px-7 py-3.5 font-semibold text-page">
        {t('cta')}
      </LocalizedLink>
    </PageIntro>
  );
}
