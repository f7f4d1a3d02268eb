import NextLink from 'next/link';
import { getLocale } from 'next-intl/server';
import type { ComponentProps } from 'react';

import { withLocale } from '@/i18n/locale-path';
import { sitePrefetch } from '@/lib/site-prefetch';

type LocalizedLinkProps = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string };

/** An internal link in the current locale, resolved on the server (see i18n/locale-path.ts for why not next-intl's <Link>), prefetched on intent. */
export async function LocalizedLink({ href, ...props }: LocalizedLinkProps) {
  return <NextLink href={withLocale(href, await getLocale())} {...sitePrefetch} {...props} />;
}
