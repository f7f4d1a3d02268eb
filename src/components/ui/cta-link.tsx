import type { ReactNode } from 'react';
import { LocalizedLink } from './localized-link';

type CtaLinkProps = {
  href: string;
  children: ReactNode;
  /** solid: the page's main action; outline: a secondary one beside it; inverted: on a dark band. */
  variant?: 'solid' | 'outline' | 'inverted';
};

const variants = {
  solid: 'bg-fg text-page hover:opacity-90',
  outline: 'border-2 border-fg text-fg hover:bg-fg hover:text-page',
  inverted: 'bg-page text-fg hover:opacity-90',
} as const;

/** A call to action styled as a pill button: an internal page in the current locale, or "#id" on this page. */
export function CtaLink({ href, children, variant = 'solid' }: CtaLinkProps) {
  const className = `inline-flex items-center justify-center gap-2 rounded-full px-7 py-3.5 font-semibold transition-colors motion-reduce:transition-none ${variants[variant]}`;
  if (href.startsWith('#')) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <LocalizedLink href={href} className={className}>
      {children}
    </LocalizedLink>
  );
}
