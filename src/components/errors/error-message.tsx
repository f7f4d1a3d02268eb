'use client';

import NextLink from 'next/link';
import { usePathname } from 'next/navigation';

import { buttonClass } from '@/components/ui/button-styles';
import { localeOfPath, withLocale } from '@/i18n/locale-path';

// Error boundaries are client components and the site has no client i18n provider, so the few
// strings live here for both languages; the locale comes from the URL, as everywhere else.
const copy = {
  nl: {
    title: 'Er ging iets mis',
    text: 'Deze pagina kon niet worden geladen. Probeer het opnieuw. Lukt het nog steeds niet? Ga dan naar de homepage.',
    retry: 'Opnieuw proberen',
    home: 'Naar de homepage',
  },
  en: {
    title: 'Something went wrong',
    text: "This page couldn't be loaded. Please try again. Still not working? Go to the home page.",
    retry: 'Try again',
    home: 'Go to the home page',
  },
};

/** The body of the error pages: what happened, a retry and a way home. */
export function ErrorMessage({ reset }: { reset: () => void }) {
  const locale = localeOfPath(usePathname());
  const t = copy[locale];
  return (
    <div role="alert" className="mx-auto w-full max-w-content px-4 py-20 md:px-6 lg:py-32">
      <h1 className="max-w-3xl text-4xl md:text-5xl">{t.title}</h1>
      <p className="mt-6 max-w-2xl text-muted">{t.text}</p>
      <p className="mt-10 flex flex-wrap gap-4">
        <button type="button" onClick={reset} className={buttonClass({ size: 'lg' })}>
          {t.retry}
        </button>
        <NextLink href={withLocale('/', locale)} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          {t.home}
        </NextLink>
      </p>
    </div>
  );
}
