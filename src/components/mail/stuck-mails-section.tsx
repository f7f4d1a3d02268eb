import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import type { Locale } from '@/i18n/routing';
import { hasVerifiedFactor, type ServerSupabase } from '@/lib/auth/server-session';
import { formatDateTime } from '@/lib/locale-format';
import { MAX_ATTEMPTS } from '@/lib/mail/outbox-sender';
import { readStuckMails } from '@/lib/mail/stuck-mails';
import { staffRolesOf } from '@/lib/staff/roles';

/**
 * Mail the site could not send yet (src/lib/mail/mail-outbox.ts), for admins at aal2, whom the
 * outbox's policy lets read it: how many wait and how many were given up, since when, and the
 * mailer's failure codes. Nothing for anyone else.
 */
export async function StuckMailsSection({ user, supabase, locale }: { user: User; supabase: ServerSupabase; locale: Locale }) {
  if (!staffRolesOf(user).includes('admin') || !hasVerifiedFactor(user)) return null;
  const t = await getTranslations('account.mailOutbox');
  const stuck = await readStuckMails(supabase);
  return (
    <AccountSection title={t('title')} intro={t('intro')}>
      {stuck === null ? (
        <p role="alert">{t('unavailable')}</p>
      ) : stuck.retrying + stuck.gaveUp === 0 ? (
        <p>{t('allSent')}</p>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <dt className="text-sm font-semibold text-muted">{t('retrying')}</dt>
            <dd>{stuck.retrying}</dd>
            <dt className="text-sm font-semibold text-muted">{t('gaveUp', { attempts: MAX_ATTEMPTS })}</dt>
            <dd>{stuck.gaveUp}</dd>
            {stuck.oldestQueuedAt !== null && (
              <>
                <dt className="text-sm font-semibold text-muted">{t('oldest')}</dt>
                <dd>{formatDateTime(stuck.oldestQueuedAt, locale)}</dd>
              </>
            )}
            {stuck.errors.length > 0 && (
              <>
                <dt className="text-sm font-semibold text-muted">{t('errors')}</dt>
                <dd className="font-mono text-sm">{stuck.errors.map(({ code, count }) => `${code} (${count})`).join(', ')}</dd>
              </>
            )}
          </dl>
          {stuck.unconfirmed.length > 0 && (
            <>
              <p className="mt-4 font-semibold">{t('unconfirmed')}</p>
              <ul className="mt-2 list-disc pl-6">
                {stuck.unconfirmed.map((receivedAt) => (
                  <li key={receivedAt}>{formatDateTime(receivedAt, locale)}</li>
                ))}
              </ul>
            </>
          )}
          <p className="mt-4 text-sm text-muted">{t('hint')}</p>
        </>
      )}
    </AccountSection>
  );
}
