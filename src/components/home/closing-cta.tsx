import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import { CtaLink } from '@/components/ui/cta-link';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import type { HomePageFrontmatter } from '@/lib/content/frontmatter-schemas';

/** The last word on the home page: one more, larger invitation to get in touch, in the page's document's words. */
export async function ClosingCta({ texts }: { texts: HomePageFrontmatter['closing'] }) {
  const company = await readCompanyDetails();
  const t = await getTranslations('home.closing');
  return (
    <Container as="section" aria-labelledby="closing-title" className="pt-8 pb-16 md:pb-24">
      <div className="relative overflow-hidden rounded-[2rem] bg-fg px-6 py-14 text-page md:px-12 md:py-20 lg:px-20">
        <svg
          viewBox="0 0 200 200"
          className="absolute -top-10 -right-10 hidden size-72 opacity-15 lg:block"
          aria-hidden="true"
          focusable="false"
        >
          {[0, 1, 2].flatMap((row) =>
            [0, 1, 2].map((col) => (
              <rect
                key={`${row}-${col}`}
                x={col * 68}
                y={row * 68}
                width="56"
                height="56"
                rx="14"
                className="fill-page"
                opacity={(row + col) % 2 ? 0.5 : 1}
              />
            )),
          )}
        </svg>
        <h2 id="closing-title" className="relative max-w-2xl text-3xl md:text-4xl lg:text-5xl">
          {texts.title}
        </h2>
        <p className="relative mt-5 max-w-2xl opacity-85">{texts.text}</p>
        <div className="relative mt-10 flex flex-wrap items-center gap-x-8 gap-y-4">
          <CtaLink href="/contact-us" variant="inverted">
            {texts.cta}
          </CtaLink>
          <a href={`tel:${company.phone}`} className="underline-link">
            {t('call', { phone: company.phoneDisplay })}
          </a>
        </div>
      </div>
    </Container>
  );
}
