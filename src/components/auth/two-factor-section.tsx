import type { Factor, User } from '@supabase/supabase-js';
import { getFormatter, getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { textsOf } from '@/i18n/texts-of';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { labelFactors } from '@/lib/auth/factor-labels';
import { channelOfFactor, phoneOfFactor } from '@/lib/auth/phone';
import { maskPhone } from '@/lib/auth/phone-number';
import { formatDateTime } from '@/lib/locale-format';
import { isStaff, staffRolesOf } from '@/lib/staff/roles';

import { AccountSection } from './account-section';
import { FactorList } from './factor-list';
import { PhoneEnrolment } from './phone-enrolment';
import { TotpEnrolment } from './totp-enrolment';

/** The account page's two-factor card: the linked authenticator apps and phones, and linking another. */
export async function TwoFactorSection({ user, locale }: { user: User; locale: Locale }) {
  const t = await getTranslations('account.mfa');
  const format = await getFormatter();
  const errors = await getErrorMessages();
  const factors = (user.factors ?? []).filter((factor) => factor.status === 'verified');
  const nameOf = ({ factor, number }: { factor: Factor; number: number | null }) => {
    if (factor.factor_type === 'phone') return maskPhone(phoneOfFactor(factor));
    return number === null ? t('defaultName') : t('numberedName', { number });
  };
  const labelled = labelFactors(factors);
  const names = new Map(labelled.map((label) => [label.factor.id, nameOf(label)]));
  return (
    <AccountSection title={t('title')} intro={t('intro')} badge={factors.length > 0 ? t('on') : t('off')} badgeOn={factors.length > 0}>
      <FactorList
        factors={labelled.map(({ factor, others }) => {
          const name = names.get(factor.id) ?? '';
          // The same question for an app and a phone: what still works afterwards, or, for the last
          // factor, that sign-in falls back to the password and what a staff member loses with it.
          const confirm =
            others.length > 0
              ? t('confirmRemoveOther', {
                  name,
                  rest: format.list(
                    others.map((other) => names.get(other.id) ?? ''),
                    { type: 'conjunction' },
                  ),
                })
              : [
                  t('confirmRemove', { name }),
                  // Without a factor a staff account opens nothing, and only an enrolment link links a new one (copy review 3, F3).
                  ...(isStaff(user) ? [t('confirmRemoveStaff')] : []),
                  ...(staffRolesOf(user).includes('admin') ? [t('confirmRemoveAdmin')] : []),
                ].join(' ');
          return {
            id: factor.id,
            name,
            detail: factor.factor_type === 'phone' ? t('phone.detail', { channel: channelOfFactor(factor.friendly_name) }) : undefined,
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
          phoneRemoved: t('phone.removed'),
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
      <PhoneEnrolment
        errors={errors}
        texts={textsOf(await getTranslations('account.mfa.phone'), [
          'intro',
          'start',
          'number',
          'numberHint',
          'channel',
          'sms',
          'whatsapp',
          'send',
          'sending',
          'code',
          'verify',
          'verifying',
          'resend',
          'cancel',
          'enabled',
        ])}
      />
    </AccountSection>
  );
}
