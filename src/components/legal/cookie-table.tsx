import { getTranslations } from 'next-intl/server';

import type { Messages } from '@/i18n/messages';
import { localeCookie } from '@/i18n/routing';
import { DRAFT_COOKIE, WITHDRAW_COOKIE } from '@/lib/applications/application-fields';
import { DEVICE_COOKIE } from '@/lib/auth/device';
import { ENROLMENT_COOKIE } from '@/lib/staff/enrolment-link';

type RowKey = keyof Messages['legal']['cookies']['table']['rows'];

// The technical names, which are the same in every language.
const rows: readonly { key: RowKey; name: string }[] = [
  { key: 'locale', name: localeCookie.name },
  { key: 'theme', name: 'theme' },
  { key: 'consent', name: 'bitwerf-consent' },
  { key: 'auth', name: 'sb-…-auth-token' },
  { key: 'device', name: DEVICE_COOKIE },
  // supabase-js's PKCE verifiers, set when a password reset is requested (one per pending request).
  { key: 'codeVerifier', name: 'sb-…-code-verifier' },
  { key: 'applicationDraft', name: DRAFT_COOKIE },
  { key: 'applicationWithdraw', name: WITHDRAW_COOKIE },
  // Staff only: the enrolment link while the authenticator is linked, and Next's draft-mode cookie for the content preview.
  { key: 'staffEnrolment', name: ENROLMENT_COOKIE },
  { key: 'preview', name: '__prerender_bypass' },
  { key: 'ga', name: '_ga, _ga_…' },
];

const columns = ['name', 'kind', 'purpose', 'retention'] as const;

/** Every cookie and local-storage entry the site sets, for the cookie statement. */
export async function CookieTable() {
  const t = await getTranslations('legal.cookies.table');
  return (
    <div className="mb-12 overflow-x-auto rounded-2xl border border-line" tabIndex={0} role="region" aria-labelledby="cookie-table-caption">
      <table className="w-full min-w-[36rem] text-left text-base">
        <caption id="cookie-table-caption" className="px-5 pt-5 text-left font-semibold">
          {t('caption')}
        </caption>
        <thead>
          <tr className="border-b border-line">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-5 py-3 font-semibold">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, name }) => (
            <tr key={key} className="border-b border-line align-top last:border-b-0">
              <th scope="row" className="px-5 py-3 font-mono text-sm font-normal whitespace-nowrap">
                {name}
              </th>
              <td className="px-5 py-3">{t(`rows.${key}.kind`)}</td>
              <td className="px-5 py-3 text-muted">{t(`rows.${key}.purpose`)}</td>
              <td className="px-5 py-3">{t(`rows.${key}.retention`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
