import { rssResponse } from '@/lib/content/rss-feed';

// The Dutch feed. Paths with a dot skip the locale proxy, so it cannot live under [locale];
// the English one is at app/en/blog/rss.xml. Both are static and live as long as a public page.
export const dynamic = 'force-static';
// As long as a public page (src/lib/page-cache/lifetimes.mjs).
export const revalidate = 1;

export function GET() {
  return rssResponse('nl');
}
