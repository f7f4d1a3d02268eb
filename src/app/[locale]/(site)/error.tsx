'use client';

import { ErrorMessage } from '@/components/errors/error-message';

// Inside (site), so a failing page keeps the site's header, navigation and footer around the message.
export default function SiteError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorMessage reset={reset} />;
}
