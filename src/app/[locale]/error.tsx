'use client';

import { ErrorMessage } from '@/components/errors/error-message';

// For routes outside the (site) group, and errors in the site shell itself: no shell to keep.
export default function LocaleError({ reset }: { error: Error; reset: () => void }) {
  return (
    <main id="content" className="min-h-screen">
      <ErrorMessage reset={reset} />
    </main>
  );
}
