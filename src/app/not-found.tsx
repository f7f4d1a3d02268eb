import Link from 'next/link';

import { routing } from '@/i18n/routing';
import './globals.css';

// The boundary above every layout, for a notFound() no layout below catches (the locale layout's
// own, for a path that is no locale, such as a missing file with an extension). It stays without
// request data and small: Next carries it in the error answers of prerendered pages. An address
// no route has gets global-not-found.tsx; a page's notFound() gets its layout's not-found.tsx.
export default function RootNotFound() {
  return (
    <html lang={routing.defaultLocale}>
      <body className="grid min-h-screen place-items-center bg-page p-6 font-sans text-fg">
        <main className="max-w-prose text-center">
          <h1 className="text-3xl">Pagina niet gevonden</h1>
          <p className="mt-4" lang="en">
            Page not found.
          </p>
          <p className="mt-6">
            <Link className="underline-link font-semibold" href="/">
              Naar de homepage
            </Link>
          </p>
        </main>
      </body>
    </html>
  );
}
