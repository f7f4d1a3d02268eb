import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { textsOf } from '@/i18n/texts-of';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { labelFactors } from '@/lib/auth/factor-labels';
import { formatDateTime } from '@/lib/locale-format';
import { isStaff, staffRolesOf } from '@/lib/staff/roles';

import { AccountSection } from './account-section';
import { FactorList } from './factor-list';
import { TotpEnrolment } from './totp-enrolment';

/** The account page's two-factor card: the linked authenticator apps, and linking another. */
export async function TwoFactorSection({ user, locale }: { user: User; locale: Locale }) {
  const t = await getTranslations('account.mfa');
  const errors = await getErrorMessages();
  const factors = (user.factors ?? []).filter((factor) => factor.status === 'verified');
  return (
    <AccountSection title={t('title')} intro={t('intro')} badge={factors.length > 0 ? t('on') : t('off')} badgeOn={factors.length > 0}>
      <FactorList
        factors={labelFactors(factors).map(({ factor, number, othersLeft }) => {
          const name = number === null ? t('defaultName') : t('numberedName', { number });
          const confirm =
            othersLeft > 0
              ? t('confirmRemoveOther', { name, others: othersLeft })
              : [
                  t('confirmRemove', { name }),
                  // Without a factor a staff account opens nothing, and only an enrolment link links a new one (copy review 3, F3).
                  ...(isStaff(user) ? [t('confirmRemoveStaff')] : []),
                  ...(staffRolesOf(user).includes('admin') ? [t('confirmRemoveAdmin')] : []),
                ].join(' ');
          return {
            id: factor.id,
            name,
            added: t('factorAdded', { date: formatDateTime(factor.created_at, locale) }),
            removeLabel: t('removeLabel', { name }),
            confirm,
          };
        })}
        errors={errors}
        texts={{
          title: t('factors'),
          remove: t('remove'),
          confirmSubmit: t('confirmRemoveSubmit'),
          keep: t('keep'),
          removing: t('removing'),
          removed: t('removed'),
        }}
      />
      <TotpEnrolment
        errors={errors}
        texts={textsOf(t, [
          'start',
          'starting',
          'scan',
          'qrAlt',
          'manual',
          'secret',
          'copy',
          'copied',
          'code',
          'verify',
          'verifying',
          'cancel',
          'enabled',
        ])}
      />
    </AccountSection>
  );
}
