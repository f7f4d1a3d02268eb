import { readdirSync } from 'node:fs';
import path from 'node:path';

/*
 * Which /blog/<slug> and /vacancies/<slug> paths are prerendered pages, for the proxy: it must
 * leave those alone (their script policy is made of hashes, see next.config.ts's cacheHandler),
 * but give an unknown slug's 404, rendered per request, a nonce like every other such page.
 *
 * Every slug with a file in any language is prerendered in both (see the [slug] pages'
 * generateStaticParams), so the file names are the whole list. Read once: content only changes
 * with a new build, which starts a new server.
 */
type Collection = 'blog' | 'vacancies';

function slugsOf(collection: Collection): ReadonlySet<string> {
  try {
    const names = readdirSync(path.join(process.cwd(), 'content', collection));
    return new Set(names.filter((name) => name.endsWith('.mdx')).map((name) => name.replace(/\.(nl|en)\.mdx$/, '').replace(/\.mdx$/, '')));
  } catch {
    // Without the content folder nothing is known, and every such path gets the proxy: safe.
    return new Set();
  }
}

const known: Record<Collection, ReadonlySet<string>> = { blog: slugsOf('blog'), vacancies: slugsOf('vacancies') };

/** Whether a path without its locale prefix is a prerendered post or vacancy, e.g. "/blog/wanneer-kies-je-voor-maatwerk". */
export function isPrerenderedEntry(pathname: string): boolean {
  const match = /^\/(blog|vacancies)\/([^/]+)$/.exec(pathname);
  if (!match) return false;
  const [, collection, slug] = match;
  return (collection === 'blog' || collection === 'vacancies') && slug !== undefined && known[collection].has(slug);
}
