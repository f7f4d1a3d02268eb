import { useTranslations } from 'next-intl';

import { StaffTable, staffRowClass } from '@/components/ui/staff-table';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/lib/locale-format';
import { SITE_CAP_TRIP_ROWS, type SiteCapTrip, type SiteCapUse } from '@/lib/site-caps';

type SiteCapsPanelProps = { state: { caps: SiteCapUse[]; trips: SiteCapTrip[] } | null; locale: Locale };

/** The site-wide caps for admins: each one's use in its current window against its limit, and the latest refusals. */
export function SiteCapsPanel({ state, locale }: SiteCapsPanelProps) {
  const t = useTranslations('staff.caps');
  const number = new Intl.NumberFormat(locale);
  return (
    <section aria-labelledby="site-caps-title" className="mt-14">
      <h2 id="site-caps-title" className="text-2xl">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
      {state === null ? (
        <p role="alert" className="mt-6">
          {t('loadFailed')}
        </p>
      ) : (
        <>
          <StaffTable labelledBy="site-caps-title" columns={[t('cap'), t('use')]}>
            {state.caps.map((cap) => (
              <tr key={cap.bucket} className={staffRowClass}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  {t(`caps.${cap.bucket}`)}
                </th>
                <td className="py-2 tabular-nums">
                  {t('usage', { used: number.format(cap.used), limit: number.format(cap.limit) })}
                  {cap.used >= cap.limit && (
                    <>
                      {' '}
                      <strong className="ml-1 text-danger">{t('reached')}</strong>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </StaffTable>
          <h3 id="site-cap-trips-title" className="mt-10 text-xl">
            {t('tripsTitle')}
          </h3>
          <p className="mt-2 max-w-3xl text-muted">{t('tripsIntro', { count: SITE_CAP_TRIP_ROWS })}</p>
          {state.trips.length === 0 ? (
            <p className="mt-6">{t('noTrips')}</p>
          ) : (
            <StaffTable labelledBy="site-cap-trips-title" columns={[t('minute'), t('cap'), t('limit'), t('refusals')]}>
              {state.trips.map((trip) => (
                <tr key={`${trip.bucket}-${trip.minute}`} className={staffRowClass}>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(trip.minute, locale, 'medium')}</td>
                  <td className="py-2 pr-4">{t(`caps.${trip.bucket}`)}</td>
                  <td className="py-2 pr-4 tabular-nums">{number.format(trip.limit)}</td>
                  <td className="py-2 tabular-nums">{number.format(trip.refusals)}</td>
                </tr>
              ))}
            </StaffTable>
          )}
        </>
      )}
    </section>
  );
}
