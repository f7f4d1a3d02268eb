import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';

/** A short section that leads to the case studies, for pages about the firm (the cases are not in the menu). */
export async function OurWork() {
  const t = await getTranslations('cases.aboutLink');
  return (
    <Container as="section" aria-labelledby="our-work-title" className="py-16 md:py-24">
      <div className="flex flex-col items-start gap-6 rounded-3xl border border-line p-6 md:flex-row md:items-center md:justify-between md:p-10">
        <div className="max-w-2xl">
          <h2 id="our-work-title" className="text-3xl md:text-4xl">
            {t('title')}
          </h2>
          <p className="mt-3 text-muted">{t('text')}</p>
        </div>
        <LocalizedLink href="/cases" className={buttonClass({ className: 'shrink-0' })}>
          {t('link')}
        </LocalizedLink>
      </div>
    </Container>
  );
}
