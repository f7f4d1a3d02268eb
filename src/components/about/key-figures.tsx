import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import type { Messages } from '@/i18n/messages';

type FigureKey = keyof Messages['about']['figures']['items'];
const figures: readonly FigureKey[] = ['founded', 'people', 'projects', 'rating'];

export async function KeyFigures() {
  const t = await getTranslations('about.figures');
  return (
    <Container as="section" aria-label={t('label')}>
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-3xl border border-line bg-line lg:grid-cols-4">
        {figures.map((key) => (
          <div key={key} className="flex flex-col-reverse gap-2 bg-page p-6 md:p-8">
            <dt className="text-base text-muted">{t(`items.${key}.label`)}</dt>
            <dd className="text-4xl font-semibold md:text-5xl">{t(`items.${key}.value`)}</dd>
          </div>
        ))}
      </dl>
    </Container>
  );
}
