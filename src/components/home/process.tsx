import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import type { Messages } from '@/i18n/messages';

type StepKey = keyof Messages['home']['process']['steps'];
const steps: readonly StepKey[] = ['discover', 'design', 'build', 'improve'];

/** How a project runs, as an ordered list of steps. */
export async function Process() {
  const t = await getTranslations('home.process');
  return (
    <section aria-labelledby="process-title" className="bg-raised">
      <Container className="py-16 md:py-24">
        <SectionHeading id="process-title" eyebrow={t('eyebrow')} title={t('title')} intro={t('intro')} />
        <ol className="mt-12 grid gap-10 md:grid-cols-2 lg:mt-16 lg:grid-cols-4 lg:gap-8">
          {steps.map((key, i) => (
            <li key={key} className="border-t-2 border-fg pt-6">
              <span className="text-sm font-semibold tracking-widest text-muted" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-2 text-xl lg:text-2xl">{t(`steps.${key}.title`)}</h3>
              <p className="mt-3 text-base text-muted">{t(`steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
