import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';

/** The body of the localized 404: what happened and a way home. */
export async function NotFoundMessage() {
  const t = await getTranslations('common.notFound');
  return (
    <Container className="py-20 lg:py-32">
      <p className="text-sm font-semibold tracking-widest text-muted">404</p>
      <h1 className="mt-3 max-w-3xl text-4xl md:text-5xl">{t('title')}</h1>
      <p className="mt-6 max-w-2xl text-muted">{t('text')}</p>
      <p className="mt-10">
        <LocalizedLink href="/" className={buttonClass({ size: 'lg' })}>
          {t('home')}
        </LocalizedLink>
      </p>
    </Container>
  );
}
