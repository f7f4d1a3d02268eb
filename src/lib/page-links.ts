// Which page numbers a list's pagination links to, for every paged list on the site.

/**
 * The page numbers to link to: the first, the last and the current page with its neighbours.
 * A run of skipped pages becomes one 'gap'; a single skipped page is shown instead, as a gap
 * would take the same room.
 */
export function pageLinks(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const links: (number | 'gap')[] = [];
  for (const n of shown) {
    const previous = links.at(-1);
    if (typeof previous === 'number' && n - previous === 2) links.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) links.push('gap');
    links.push(n);
  }
  return links;
}
