import Link from 'next/link';

import { routing } from '@/i18n/routing';
import './globals.css';

// Only reached by requests the proxy does not localise (e.g. a missing file with an
// extension). Localised 404s come from app/[locale]/not-found.tsx.
export default function GlobalNotFound() {
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
