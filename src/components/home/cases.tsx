import { getTranslations } from 'next-intl/server';

import { cardGrid } from '@/components/ui/card-grid';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import type { Messages } from '@/i18n/messages';

import { CasePattern } from './case-pattern';

type CaseKey = keyof Messages['home']['cases']['items'];
const cases: readonly { key: CaseKey; motif: 'route' | 'care' | 'home' }[] = [
  { key: 'logistics', motif: 'route' },
  { key: 'care', motif: 'care' },
  { key: 'housing', motif: 'home' },
];

/** Three selected projects, each with the result it delivered. The id is the hero's "see our work" target. */
export async function Cases() {
  const t = await getTranslations('home.cases');
  return (
    <Container as="section" id="work" aria-labelledby="work-title" className="scroll-mt-header py-16 md:py-24">
      <SectionHeading id="work-title" eyebrow={t('eyebrow')} title={t('title')} intro={t('intro')} />
      <ul className={`mt-12 lg:mt-16 ${cardGrid}`}>
        {cases.map(({ key, motif }) => (
          <li key={key}>
            <article aria-labelledby={`case-${key}`} className="flex h-full flex-col rounded-3xl bg-raised p-4 lg:p-5">
              <CasePattern motif={motif} />
              <div className="flex grow flex-col px-2 pt-6 pb-2 lg:px-3">
                <p className="text-sm text-muted">
                  <span className="font-semibold text-fg">{t(`items.${key}.client`)}</span> · {t(`items.${key}.sector`)}
                </p>
                <h3 id={`case-${key}`} className="mt-3 text-xl lg:text-2xl">
                  {t(`items.${key}.title`)}
                </h3>
                <p className="mt-3 grow text-base text-muted">{t(`items.${key}.text`)}</p>
                <p className="mt-6 flex items-baseline gap-3 border-t border-line pt-5">
                  <span className="text-4xl font-semibold">{t(`items.${key}.figure`)}</span>
                  <span className="text-base text-muted">{t(`items.${key}.figureLabel`)}</span>
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Container>
  );
}
