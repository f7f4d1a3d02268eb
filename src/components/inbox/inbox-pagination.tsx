import { getTranslations } from 'next-intl/server';
import { LocalizedLink } from '@/components/ui/localized-link';
import { inboxPagePath, pageLinks } from '@/lib/contact/inbox-pages';

/** Previous/next and page-number links through the inbox; nothing when it fits on one page. */
export async function InboxPagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('inbox.pagination');
  const link = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-line px-4 text-base hover:border-fg';

  return (
    <nav aria-label={t('label')} className="mt-10 flex flex-wrap items-center gap-3">
      {page > 1 && (
        <LocalizedLink href={inboxPagePath(page - 1)} rel="prev" className={link}>
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
                href={inboxPagePath(n)}
                aria-label={t('page', { page: n })}
                aria-current={n === page ? 'page' : undefined}
                className={`${link} aria-[current=page]:border-fg aria-[current=page]:bg-fg aria-[current=page]:text-page`}
              >
                {n}
              </LocalizedLink>
            </li>
          ),
        )}
      </ul>
      {page < pageCount && (
        <LocalizedLink href={inboxPagePath(page + 1)} rel="next" className={link}>
          {t('next')} →
        </LocalizedLink>
      )}
      <p className="w-full text-sm text-muted">{t('status', { page, count: pageCount })}</p>
    </nav>
  );
}
