import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import type { AboutPageFrontmatter } from '@/lib/content/frontmatter-schemas';

/** How the firm works: its four commitments, numbered, in the page's document's words. */
export function Values({ texts }: { texts: AboutPageFrontmatter['approach'] }) {
  return (
    <section aria-labelledby="values-title" className="bg-raised">
      <Container className="py-16 md:py-24">
        <SectionHeading id="values-title" eyebrow={texts.eyebrow} title={texts.title} />
        <ul className="mt-12 grid gap-x-12 gap-y-10 md:grid-cols-2 lg:mt-16">
          {texts.items.map((item, i) => (
            <li key={item.title} className="flex gap-5">
              <span
                aria-hidden="true"
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-fg text-base font-semibold text-page"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-xl lg:text-2xl">{item.title}</h3>
                <p className="mt-3 text-base text-muted">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
