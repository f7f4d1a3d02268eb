import { getTranslations } from 'next-intl/server';

import { LocalizedLink } from '@/components/ui/localized-link';
import { pageLinks } from '@/lib/page-links';

type PaginationNavProps = {
  page: number;
  pageCount: number;
  /** The navigation's accessible name, which says what is paged (the blog, the inbox). */
  label: string;
  /** The path (without locale) of a page number. */
  pathOf: (page: number) => string;
  className?: string;
};

const link = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-line px-4 text-base hover:border-fg';

/** Previous/next and page-number links between the pages of a list; nothing when it fits on one. */
export async function PaginationNav({ page, pageCount, label, pathOf, className = '' }: PaginationNavProps) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('common.pagination');

  return (
    <nav aria-label={label} className={`flex flex-wrap items-center gap-3 ${className}`}>
      {page > 1 && (
        <LocalizedLink href={pathOf(page - 1)} rel="prev" className={link}>
          ← {t('previous')}
        </LocalizedLink>
      )}
      <ul className="flex flex-wrap gap-2">
        {pageLinks(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="inline-flex min-h-11 items-center px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <LocalizedLink
                href={pathOf(n)}
                aria-label={t('page', { page: n })}
                aria-current={n === page ? 'page' : undefined}
                // Filled with the text colour, the current page draws its focus ring in that colour too,
                // not in its own text colour (the page's), which would not show against the page.
                className={`${link} aria-[current=page]:border-fg aria-[current=page]:bg-fg aria-[current=page]:text-page aria-[current=page]:outline-fg`}
              >
                {n}
              </LocalizedLink>
            </li>
          ),
        )}
      </ul>
      {page < pageCount && (
        <LocalizedLink href={pathOf(page + 1)} rel="next" className={link}>
          {t('next')} →
        </LocalizedLink>
      )}
      <p className="w-full text-sm text-muted">{t('status', { page, count: pageCount })}</p>
    </nav>
  );
}
