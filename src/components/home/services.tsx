import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import type { HomePageFrontmatter } from '@/lib/content/frontmatter-schemas';
import { SERVICE_KEYS } from '@/lib/services';

import { ServiceIcon } from './service-icon';

/** The four services: the section's words and each one's text are the page's document, their names the site's list. */
export async function Services({ texts }: { texts: HomePageFrontmatter['services'] }) {
  const t = await getTranslations('home.services');
  return (
    <Container as="section" aria-labelledby="services-title" className="py-16 md:py-24">
      <SectionHeading id="services-title" eyebrow={texts.eyebrow} title={texts.title} intro={texts.intro} />
      {/* Each card spans three rows of the list's grid (icon, title, text) through subgrid, so when
          one title wraps, the texts beside it still start on the same line. */}
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:mt-16 lg:gap-6 xl:grid-cols-4">
        {SERVICE_KEYS.map((key) => (
          <li key={key} className="row-span-3 grid grid-rows-subgrid gap-0 rounded-3xl border border-line p-6 lg:p-8">
            <span className="grid size-14 place-items-center rounded-2xl bg-fg text-page">
              <ServiceIcon service={key} />
            </span>
            <h3 className="mt-6 text-xl lg:text-2xl">{t(`items.${key}.title`)}</h3>
            <p className="mt-3 text-base text-muted">{texts.texts[key]}</p>
          </li>
        ))}
      </ul>
    </Container>
  );
}
