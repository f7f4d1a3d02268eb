import { cardGrid } from '@/components/ui/card-grid';
import type { CaseStudy } from '@/lib/content/case-studies';
import type { ContentImage } from '@/lib/content-images/variants';

import { CaseCard } from './case-card';

type CaseListProps = {
  cases: readonly CaseStudy[];
  /** The library's images the cards may show, by folder. */
  logos: ReadonlyMap<string, ContentImage>;
  headingLevel?: 'h2' | 'h3';
  className?: string;
};

/** Case studies as a grid of cards. */
export function CaseList({ cases, logos, headingLevel = 'h3', className = '' }: CaseListProps) {
  return (
    <ul className={`${cardGrid} ${className}`}>
      {cases.map((study) => (
        <li key={`${study.locale}/${study.slug}`}>
          <CaseCard
            study={study}
            logo={study.data.client.logo ? logos.get(study.data.client.logo) : undefined}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
