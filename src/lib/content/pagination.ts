/** Blog posts per list page; a second page appears from the tenth post on. */
export const postsPerPage = 9;

export type Page<T> = {
  items: T[];
  /** 1-based. */
  page: number;
  pageCount: number;
};

/** Newest first by an ISO day ("YYYY-MM-DD"), ties broken by slug so the order is stable. */
export function newestFirst<T extends { slug: string; data: { date: string } }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.data.date.localeCompare(a.data.date) || a.slug.localeCompare(b.slug));
}

/** The number of list pages; an empty list still has one (with its empty state). */
export function pageCount(total: number, perPage = postsPerPage): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** One page of a list, or undefined when the page does not exist (a 404). */
export function paginate<T>(items: readonly T[], page: number, perPage = postsPerPage): Page<T> | undefined {
  const count = pageCount(items.length, perPage);
  if (!Number.isInteger(page) || page < 1 || page > count) return undefined;
  return { items: items.slice((page - 1) * perPage, page * perPage), page, pageCount: count };
}

/** The page numbers that get their own /blog/page/<n> route: the first page lives at /blog. */
export function extraPageNumbers(total: number, perPage = postsPerPage): number[] {
  return Array.from({ length: pageCount(total, perPage) - 1 }, (_, i) => i + 2);
}

/** The path of a list page: page 1 is the list itself. */
export function pagePath(basePath: string, page: number): string {
  return page === 1 ? basePath : `${basePath}/page/${page}`;
}
