import { getTranslations } from 'next-intl/server';

import { GeneratedAvatar } from '@/components/about/generated-avatar';
import { Container } from '@/components/ui/container';

export async function Testimonial() {
  const t = await getTranslations('home.testimonial');
  return (
    <Container as="section" aria-label={t('label')} className="py-16 md:py-24">
      <figure className="mx-auto max-w-4xl">
        <svg viewBox="0 0 48 36" className="h-9 w-12 text-muted" aria-hidden="true" focusable="false">
          <path
            d="M0 36V22C0 9 7 1.5 19 0l2 5C14 7 11 11 11 17h9v19H0zm27 0V22C27 9 34 1.5 46 0l2 5c-7 2-10 6-10 12h9v19H27z"
            fill="currentColor"
          />
        </svg>
        <blockquote className="mt-6 text-2xl leading-snug font-semibold md:text-3xl lg:text-4xl">
          <p>{t('quote')}</p>
        </blockquote>
        <figcaption className="mt-8 flex items-center gap-4">
          <GeneratedAvatar name={t('name')} className="size-14" />
          <span className="flex flex-col">
            <span className="font-semibold">{t('name')}</span>
            <span className="text-base text-muted">{t('role')}</span>
          </span>
        </figcaption>
      </figure>
    </Container>
  );
}
