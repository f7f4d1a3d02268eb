import { hasLocale } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';

import { NotFoundMessage } from '@/components/errors/not-found-message';
import { SiteDocument } from '@/components/layout/site-document';
import { SiteShell } from '@/components/layout/site-shell';
import { routing } from '@/i18n/routing';

import './globals.css';

/*
 * The 404 of an address no route has, in the visitor's language (the proxy names it from the
 * path), as a whole page of the site, rendered on the server like any other page, so it reads the
 * same before any script runs (decision 0027). Next renders this file for unmatched addresses only,
 * outside every layout, so it brings the site's document itself; no other page's payload carries it.
 */
export default async function GlobalNotFound() {
  const requested = await getLocale();
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const [t, meta] = await Promise.all([
    getTranslations({ locale, namespace: 'common.notFound' }),
    getTranslations({ locale, namespace: 'common.meta' }),
  ]);
  return (
    <SiteDocument locale={locale}>
      {/* Hoisted into <head> by React. */}
      <title>{meta('titleTemplate').replace('%s', t('metaTitle'))}</title>
      <meta name="robots" content="noindex" />
      <SiteShell>
        <NotFoundMessage />
      </SiteShell>
    </SiteDocument>
  );
}
