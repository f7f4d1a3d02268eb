import { Container } from '@/components/ui/container';
import { CtaLink } from '@/components/ui/cta-link';
import type { HomePageFrontmatter } from '@/lib/content/frontmatter-schemas';

import { HeroIllustration } from './hero-illustration';

/** The home page's promise, its one <h1> and the call to get in touch; the words are the page's document. */
export function Hero({ texts }: { texts: HomePageFrontmatter['hero'] }) {
  return (
    <Container
      as="section"
      aria-labelledby="hero-title"
      className="grid items-center gap-12 py-14 md:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:py-28"
    >
      <div>
        <p className="mb-4 text-sm font-semibold tracking-widest text-muted uppercase">{texts.eyebrow}</p>
        <h1 id="hero-title" className="max-w-3xl text-4xl md:text-5xl lg:text-6xl">
          {texts.title}
        </h1>
        <p className="mt-6 max-w-2xl text-muted md:mt-8">{texts.intro}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <CtaLink href="/contact-us">{texts.cta}</CtaLink>
          <CtaLink href="#work" variant="outline">
            {texts.secondary}
          </CtaLink>
        </div>
        <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-base text-muted">
          {texts.highlights.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <svg viewBox="0 0 16 16" className="size-4 shrink-0 text-fg" aria-hidden="true" focusable="false">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {item}
            </li>
          ))}
        </ul>
      </div>
      <HeroIllustration className="mx-auto h-auto w-full max-w-md lg:max-w-none" />
    </Container>
  );
}
