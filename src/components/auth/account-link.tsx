'use client';

import Link from 'next/link';

import { useAuth } from '@/lib/auth/use-auth';
import { sitePrefetch } from '@/lib/site-prefetch';

type AccountLinkProps = {
  signIn: { href: string; label: string };
  account: { href: string; label: string };
  className?: string;
};

/**
 * "Sign in" for visitors, "My account" for signed-in users.
 *
 * Both labels sit in the same grid cell, so the box is always as wide as the
 * longer one: while auth is still loading neither is shown (an empty, same-size
 * placeholder) and nothing moves or flashes the wrong state when it resolves.
 * The hidden label is a plain span, out of the tab order and the accessibility tree.
 */
export function AccountLink({ signIn, account, className = '' }: AccountLinkProps) {
  const { user, loading } = useAuth();
  const shown = loading ? null : user ? 'account' : 'signIn';
  const cell = 'col-start-1 row-start-1 justify-self-start';

  return (
    <span className={`inline-grid ${className}`} aria-busy={loading || undefined}>
      {(['signIn', 'account'] as const).map((which) => {
        const { href, label } = which === 'signIn' ? signIn : account;
        return shown === which ? (
          <Link key={which} {...sitePrefetch} href={href} className={`${cell} underline-link`}>
            {label}
          </Link>
        ) : (
          <span key={which} aria-hidden="true" className={`${cell} invisible`}>
            {label}
          </span>
        );
      })}
    </span>
  );
}
