import { NotFoundMessage } from '@/components/errors/not-found-message';

// A fallback for routes outside the (site) group. It stays without the site shell on purpose:
// Next embeds every layout's not-found tree in each page's RSC payload, and a shell here
// would send the whole header and footer a second time with every page.
export default function LocaleNotFound() {
  return (
    <main id="content" className="min-h-screen">
      <NotFoundMessage />
    </main>
  );
}
