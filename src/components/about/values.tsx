import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import type { Messages } from '@/i18n/messages';

type ValueKey = keyof Messages['about']['values']['items'];
const values: readonly ValueKey[] = ['honest', 'craft', 'ownership', 'sustainable'];

export async function Values() {
  const t = await getTranslations('about.values');
  return (
    <section aria-labelledby="values-title" className="bg-raised">
      <Container className="py-16 md:py-24">
        <SectionHeading id="values-title" eyebrow={t('eyebrow')} title={t('title')} />
        <ul className="mt-12 grid gap-x-12 gap-y-10 md:grid-cols-2 lg:mt-16">
          {values.map((key, i) => (
            <li key={key} className="flex gap-5">
              <span
                aria-hidden="true"
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-fg text-base font-semibold text-page"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-xl lg:text-2xl">{t(`items.${key}.title`)}</h3>
                <p className="mt-3 text-base text-muted">{t(`items.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
