import { getTranslations } from 'next-intl/server';

import { StaffTable, staffRowClass } from '@/components/ui/staff-table';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/lib/locale-format';
import { ACCESS_LOG_ROWS, type AccessLogEntry } from '@/lib/staff/staff-admin';

const columns = ['when', 'who', 'what', 'application'] as const;

/** The newest entries of the application access log: who opened, downloaded or exported which application, and when. */
export async function AccessLogTable({ entries, locale }: { entries: AccessLogEntry[] | null; locale: Locale }) {
  const t = await getTranslations('staff.log');
  return (
    <section aria-labelledby="access-log-title" className="mt-14">
      <h2 id="access-log-title" className="text-2xl">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-muted">{t('intro', { count: ACCESS_LOG_ROWS })}</p>
      {entries === null ? (
        <p role="alert" className="mt-6">
          {t('loadFailed')}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-6">{t('empty')}</p>
      ) : (
        <StaffTable labelledBy="access-log-title" columns={columns.map((column) => t(column))}>
          {entries.map((entry, index) => (
            <tr key={`${entry.at}-${index}`} className={staffRowClass}>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(entry.at, locale, 'medium')}</td>
              <td className="py-2 pr-4 break-all">{entry.actorEmail ?? t('unknownActor')}</td>
              <td className="py-2 pr-4">{t(entry.action)}</td>
              <td className="py-2 font-mono text-xs">{entry.applicationId}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
