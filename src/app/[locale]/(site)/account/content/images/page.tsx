import type { Metadata } from 'next';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';

import { typedAltTexts } from '@/app/api/content-images/typed-alt-texts';
import { ImageLibrary } from '@/components/content-images/image-library';
import { UploadForm } from '@/components/content-images/upload-form';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { nestedErrorTextsOf, type ErrorTexts } from '@/i18n/error-texts';
import type { Locale } from '@/i18n/routing';
import { textsOf } from '@/i18n/texts-of';
import { listContentImages } from '@/lib/content-images/library';
import type { UploadErrorKey } from '@/lib/content-images/upload-image';
import { privatePageMetadata } from '@/lib/seo/page-metadata';
import { requireStaffRole } from '@/lib/staff/require-staff';

type PageProps = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The upload's error named in the query, when it is one of the form's. */
function errorKeyIn(texts: ErrorTexts<UploadErrorKey>, value: string | string[] | undefined): UploadErrorKey | undefined {
  return Object.keys(texts).find((key): key is UploadErrorKey => key === value);
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'contentImages.meta' });
  return privatePageMetadata(t('title'));
}

export default async function ContentImagesPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { supabase } = await requireStaffRole('content', locale, '/account/content/images');
  const [t, tErrors, { contentImages }, images, query, typed] = await Promise.all([
    getTranslations('contentImages'),
    getTranslations('contentImages.errors'),
    getMessages(),
    listContentImages(supabase),
    searchParams,
    typedAltTexts(),
  ]);
  const errorTexts: ErrorTexts<UploadErrorKey> = nestedErrorTextsOf(contentImages.errors, (key) => tErrors(key));
  const error = errorKeyIn(errorTexts, query.error);

  return (
    <Container className="py-12 md:py-20">
      <LocalizedLink href="/account" className="underline-link text-base">
        ← {t('backToAccount')}
      </LocalizedLink>
      <h1 className="mt-6 text-3xl md:text-5xl">{t('title')}</h1>
      <p className="mt-4 mb-10 max-w-3xl text-muted">{t('intro')}</p>
      <UploadForm
        action={`/api/content-images?locale=${locale}`}
        error={error}
        added={typeof query.added === 'string'}
        typed={typed}
        errorTexts={errorTexts}
        texts={textsOf(
          (key) => t(`upload.${key}`),
          ['title', 'image', 'imageHint', 'chooseAgain', 'altNl', 'altEn', 'altHint', 'submit', 'added'],
        )}
      />
      {images === null ? (
        <p role="alert">{t('errors.form.failed')}</p>
      ) : (
        <ImageLibrary images={images} added={typeof query.added === 'string' ? query.added : undefined} />
      )}
    </Container>
  );
}
