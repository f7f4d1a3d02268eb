import { getLocale, getTranslations } from 'next-intl/server';

import { LocalizedLink } from '@/components/ui/localized-link';
import { StaffTable, staffRowClass } from '@/components/ui/staff-table';
import type { Collection } from '@/lib/content/collections';
import { LOCALES } from '@/lib/content-editor/locales';
import type { EntrySummary } from '@/lib/content-editor/types';
import { formatDateTime } from '@/lib/locale-format';

import { ContentStatusBadge } from './content-status-badge';

/** One collection's entries as a table: title (the link to edit), address, each language's status, last change. */
export async function EntryList({
  collection,
  entries,
  intro,
}: {
  collection: Collection;
  entries: EntrySummary[] | null;
  /** What the list is, when its name does not say enough. */
  intro?: string;
}) {
  const [t, locale] = await Promise.all([getTranslations('contentEditor'), getLocale()]);
  const headingId = `entries-${collection}`;
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl md:text-3xl">
        {t(`list.collections.${collection}`)}
      </h2>
      {intro && <p className="mt-3 max-w-3xl text-muted">{intro}</p>}
      {entries === null ? (
        <p role="alert" className="mt-4">
          {t('list.loadFailed')}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-4 text-muted">{t('list.empty')}</p>
      ) : (
        <StaffTable
          labelledBy={headingId}
          className="min-w-[40rem]"
          columns={[
            t('list.columns.title'),
            t('list.columns.slug'),
            ...LOCALES.map((lang) => t(`list.columns.${lang}`)),
            t('list.columns.updated'),
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.id} className={`${staffRowClass} align-top`}>
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
        </StaffTable>
      )}
    </section>
  );
}
