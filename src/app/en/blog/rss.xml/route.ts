import { rssResponse } from '@/lib/content/rss-feed';

// The English feed; see app/blog/rss.xml/route.ts for why it is not under [locale].
export const dynamic = 'force-static';
// As long as a public page (src/lib/page-cache/lifetimes.mjs).
export const revalidate = 1;

export function GET() {
  return rssResponse('en');
}
