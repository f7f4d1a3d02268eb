'use client';

import NextLink from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

import { stripLocale } from '@/i18n/locale-path';
import { isActivePath } from '@/lib/active-path';
import { sitePrefetch } from '@/lib/site-prefetch';

type NavLinkProps = {
  /** The target without locale prefix, e.g. "/blog": used to decide whether the link is active. */
  target: string;
  /** The same target in the current locale, e.g. "/en/blog". */
  href: string;
  className?: string;
  /** Added while the link points at the current page. */
  activeClassName?: string;
  children: ReactNode;
};

/** An internal navigation link that knows whether it is the current page (the layout is static, so only the client knows). */
export function NavLink({ target, href, className = '', activeClassName = '', children }: NavLinkProps) {
  const active = isActivePath(target, stripLocale(usePathname()));
  return (
    <NextLink
      {...sitePrefetch}
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`underline-link ${className} ${active ? activeClassName : ''}`}
    >
      {children}
    </NextLink>
  );
}
