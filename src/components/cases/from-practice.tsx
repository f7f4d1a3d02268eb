import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import type { CaseStudy } from '@/lib/content/case-studies';
import type { ContentImage } from '@/lib/content-images/variants';

import { CaseList } from './case-list';

/** Under a blog post: the case studies that name it, where what it says was put to work. */
export async function FromPractice({ cases, logos }: { cases: readonly CaseStudy[]; logos: ReadonlyMap<string, ContentImage> }) {
  if (cases.length === 0) return null;
  const t = await getTranslations('cases.fromPractice');
  return (
    <Container as="section" aria-labelledby="from-practice" className="border-t border-line py-12 md:py-16">
      <h2 id="from-practice" className="text-2xl md:text-3xl">
        {t('title')}
      </h2>
      <p className="mt-3 text-muted">{t('intro')}</p>
      <CaseList cases={cases} logos={logos} className="mt-8" />
    </Container>
  );
}
