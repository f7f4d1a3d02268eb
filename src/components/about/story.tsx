import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import type { AboutPageFrontmatter } from '@/lib/content/frontmatter-schemas';

export function Story({ texts }: { texts: AboutPageFrontmatter['story'] }) {
  return (
    <Container as="section" aria-labelledby="story-title" className="grid gap-8 py-16 md:py-24 lg:grid-cols-2 lg:gap-16">
      <SectionHeading id="story-title" eyebrow={texts.eyebrow} title={texts.title} />
      <div className="flex flex-col gap-5 text-muted lg:pt-9">
        {texts.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </Container>
  );
}
