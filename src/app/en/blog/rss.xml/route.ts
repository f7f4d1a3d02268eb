import { rssResponse } from '@/lib/content/rss-feed';

// The English feed; see app/blog/rss.xml/route.ts for why it is not under [locale].
export const dynamic = 'force-static';

export function GET() {
  return rssResponse('en');
}
