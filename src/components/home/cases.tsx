import { getLocale, getTranslations } from 'next-intl/server';

import { CaseList } from '@/components/cases/case-list';
import { Container } from '@/components/ui/container';
import { LocalizedLink } from '@/components/ui/localized-link';
import { SectionHeading } from '@/components/ui/section-heading';
import { caseLogos, casesShown, getCasesIn } from '@/lib/content/case-studies';
import type { HomePageFrontmatter } from '@/lib/content/frontmatter-schemas';

/**
 * The case studies the page's document chose (or the newest), each with the result it delivered
 * (in a preview, of the working copies). The id is the hero's "see our work" target, so the section
 * stays when there are none yet (or the backend cannot be read): its heading then leads to the list.
 */
export async function Cases({ texts, preview = false }: { texts: HomePageFrontmatter['cases']; preview?: boolean }) {
  const locale = await getLocale();
  const t = await getTranslations('home.cases');
  const cases = casesShown(await getCasesIn(locale, preview), texts.shown);
  const logos = await caseLogos(cases, preview);
  return (
    <Container as="section" id="work" aria-labelledby="work-title" className="scroll-mt-header py-16 md:py-24">
      <SectionHeading id="work-title" eyebrow={texts.eyebrow} title={texts.title} intro={texts.intro} />
      {cases.length > 0 && <CaseList cases={cases} logos={logos} className="mt-12 lg:mt-16" />}
      <p className="mt-10">
        <LocalizedLink href="/cases" className="underline-link text-base font-semibold">
          {t('all')} →
        </LocalizedLink>
      </p>
    </Container>
  );
}
