import { redirect } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';

import { ConfirmLinkPanel } from '@/components/auth/confirm-link-panel';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { readEmailLink } from '@/lib/auth/email-link';
import { privatePageTitle } from '@/lib/seo/page-metadata';

type PageProps = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = privatePageTitle('auth.meta.confirmLink');

/**
 * Where e-mailed links land (`/auth/confirm?token_hash=…&type=recovery&next=…`): a page with one
 * button, which spends the token (src/lib/auth/actions/confirm-link.ts). A link our templates did
 * not write goes to the page that says the link does not work.
 */
export default async function ConfirmLinkPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, one);
  }
  const link = readEmailLink(query, withLocale('/account', locale));
  if (link === null) redirect(`${withLocale('/reset-password', locale)}?link=invalid`);
  return <ConfirmLinkPanel locale={locale} link={link} />;
}
