import { CaseLogo } from '@/components/cases/case-logo';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import type { AboutPageFrontmatter } from '@/lib/content/frontmatter-schemas';
import type { ContentImage } from '@/lib/content-images/variants';

import { GeneratedAvatar } from './generated-avatar';

type TeamProps = {
  texts: AboutPageFrontmatter['team'];
  /** The library's images the members' photos name, by folder; a photo not among them is drawn from the name instead. */
  photos: ReadonlyMap<string, ContentImage>;
};

export function Team({ texts, photos }: TeamProps) {
  return (
    <Container as="section" aria-labelledby="team-title" className="py-16 md:py-24">
      <SectionHeading id="team-title" eyebrow={texts.eyebrow} title={texts.title} intro={texts.intro} />
      <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:mt-16 lg:grid-cols-4 lg:gap-6">
        {texts.members.map(({ name, role, photo }) => {
          const image = photo === undefined ? undefined : photos.get(photo);
          return (
            <li key={name}>
              <article
                aria-label={name}
                className="flex items-center gap-4 rounded-3xl border border-line p-4 sm:flex-col sm:items-start sm:p-6"
              >
                {/* The name is the card's heading, so the photo, like the drawn portrait, adds nothing to read: alt="". */}
                {image === undefined ? (
                  <GeneratedAvatar name={name} className="size-16 shrink-0 sm:size-20" />
                ) : (
                  <CaseLogo image={image} alt="" sizes="80px" className="size-16 shrink-0 rounded-3xl object-cover sm:size-20" />
                )}
                <div>
                  <h3 className="text-lg lg:text-xl">{name}</h3>
                  <p className="mt-1 text-base text-muted">{role}</p>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </Container>
  );
}
