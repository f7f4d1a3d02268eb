import { rssResponse } from '@/lib/content/rss-feed';

// The Dutch feed. Paths with a dot skip the locale proxy, so it cannot live under [locale];
// the English one is at app/en/blog/rss.xml. Both are static, and built again when the blog changes
// (they carry the blog's cache tag, see src/lib/content/content-changed.ts).
export const dynamic = 'force-static';

export function GET() {
  return rssResponse('nl');
}
