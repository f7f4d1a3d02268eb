import type { ReactNode } from 'react';

import { LocalizedLink } from './localized-link';

type LinkCardProps = {
  href: string;
  title: string;
  headingLevel: 'h2' | 'h3';
  /** Shown above the title, e.g. a post's tags. */
  eyebrow?: ReactNode;
  /** The space between the card's parts. */
  gap?: 'gap-4' | 'gap-5';
  children: ReactNode;
};

/**
 * A card whose title link covers the whole card: the link's ::after overlay stretches over it
 * without nesting the card's content in a link, and the focus ring outlines the card, not the
 * title's lines.
 */
export function LinkCard({ href, title, headingLevel: Heading, eyebrow, gap = 'gap-4', children }: LinkCardProps) {
  return (
    <article
      className={`group relative flex w-full flex-col ${gap} rounded-2xl border border-line bg-raised p-6 transition-colors hover:border-fg has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-fg md:p-8`}
    >
      {eyebrow}
      <Heading className="text-xl md:text-2xl">
        <LocalizedLink href={href} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
          {title}
        </LocalizedLink>
      </Heading>
      {children}
    </article>
  );
}
