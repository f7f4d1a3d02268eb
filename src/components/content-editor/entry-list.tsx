import { getLocale, getTranslations } from 'next-intl/server';

import { LocalizedLink } from '@/components/ui/localized-link';
import type { Collection } from '@/lib/content/collections';
import type { EntrySummary } from '@/lib/content-editor/editor';
import { LOCALES } from '@/lib/content-editor/locales';
import { formatDateTime } from '@/lib/locale-format';

import { ContentStatusBadge } from './content-status-badge';

/** One collection's entries as a table: title (the link to edit), address, each language's status, last change. */
export async function EntryList({ collection, entries }: { collection: Collection; entries: EntrySummary[] | null }) {
  const [t, locale] = await Promise.all([getTranslations('contentEditor'), getLocale()]);
  const headingId = `entries-${collection}`;
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl md:text-3xl">
        {t(`list.collections.${collection}`)}
      </h2>
      {entries === null ? (
        <p role="alert" className="mt-4">
          {t('list.loadFailed')}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-4 text-muted">{t('list.empty')}</p>
      ) : (
        // A table scrolls on its own on a phone, rather than the page.
        <div className="mt-6 overflow-x-auto" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('list.columns.title')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('list.columns.slug')}
                </th>
                {LOCALES.map((lang) => (
                  <th key={lang} scope="col" className="py-2 pr-4 font-semibold">
                    {t(`list.columns.${lang}`)}
                  </th>
                ))}
                <th scope="col" className="py-2 font-semibold">
                  {t('list.columns.updated')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-line align-top">
                  <th scope="row" className="py-3 pr-4 text-base font-semibold">
                    <LocalizedLink href={`/account/content/${entry.id}`} className="underline-link">
                      {entry.title || t('list.untitled')}
                    </LocalizedLink>
                  </th>
                  <td className="py-3 pr-4 font-mono text-xs break-all">{entry.slug}</td>
                  {LOCALES.map((lang) => {
                    const status = entry.statuses[lang] ?? 'missing';
                    return (
                      <td key={lang} className="py-3 pr-4">
                        <ContentStatusBadge status={status} label={t(`status.${status}`)} />
                      </td>
                    );
                  })}
                  <td className="py-3 whitespace-nowrap">{formatDateTime(entry.updatedAt, locale, 'medium')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
