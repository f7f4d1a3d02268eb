import type { ReactNode } from 'react';

import { buttonClass, type ButtonVariant } from '@/components/ui/button-styles';

import { LocalizedLink } from './localized-link';

type CtaLinkProps = {
  href: string;
  children: ReactNode;
  /** solid: the page's main action; outline: a secondary one beside it; inverted: on a dark band. */
  variant?: 'solid' | 'outline' | 'inverted';
};

const variants = { solid: 'primary', outline: 'secondary', inverted: 'inverse' } as const satisfies Record<string, ButtonVariant>;

/** A call to action styled as a pill button: an internal page in the current locale, or "#id" on this page. */
export function CtaLink({ href, children, variant = 'solid' }: CtaLinkProps) {
  const className = buttonClass({ variant: variants[variant], size: 'lg' });
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
