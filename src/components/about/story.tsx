import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

export async function Story() {
  const t = await getTranslations('about.story');
  const paragraphs = t.raw('paragraphs') as string[];
  return (
    <Container as="section" aria-labelledby="story-title" className="grid gap-8 py-16 md:py-24 lg:grid-cols-2 lg:gap-16">
      <SectionHeading id="story-title" eyebrow={t('eyebrow')} title={t('title')} />
      <div className="flex flex-col gap-5 text-muted lg:pt-9">
        {paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </Container>
  );
}
