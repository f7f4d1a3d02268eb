import { getTranslations } from 'next-intl/server';
import { LocalizedLink } from '@/components/ui/localized-link';
import { pagePath } from '@/lib/content/pagination';

type PaginationNavProps = { page: number; pageCount: number; basePath: string };

/** Previous/next and numbered links between list pages; nothing when there is one page. */
export async function PaginationNav({ page, pageCount, basePath }: PaginationNavProps) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('blog.pagination');
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  const link = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-line px-4 text-base hover:border-fg';

  return (
    <nav aria-label={t('label')} className="mt-12 flex flex-wrap items-center justify-center gap-3">
      {page > 1 && (
        <LocalizedLink href={pagePath(basePath, page - 1)} rel="prev" className={link}>
          ← {t('previous')}
        </LocalizedLink>
      )}
      <ul className="flex flex-wrap gap-2">
        {pages.map((n) => (
          <li key={n}>
            <LocalizedLink
              href={pagePath(basePath, n)}
              aria-label={t('page', { page: n })}
              aria-current={n === page ? 'page' : undefined}
              className={`${link} aria-[current=page]:border-fg aria-[current=page]:bg-fg aria-[current=page]:text-page`}
            >
              {n}
            </LocalizedLink>
          </li>
        ))}
      </ul>
      {page < pageCount && (
        <LocalizedLink href={pagePath(basePath, page + 1)} rel="next" className={link}>
          {t('next')} →
        </LocalizedLink>
      )}
    </nav>
  );
}
