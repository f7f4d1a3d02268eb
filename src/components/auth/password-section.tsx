import { getTranslations } from 'next-intl/server';

import { FormMessage } from '@/components/forms/form-message';
import { changePassword } from '@/lib/auth/actions/password';
import { getErrorMessages } from '@/lib/auth/auth-texts';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/input-limits';

import { AccountSection } from './account-section';
import { NewPasswordForm } from './new-password-form';

/** The account page's password card: the current password, then the new one twice. */
export async function PasswordSection() {
  const t = await getTranslations('account.password');
  return (
    <AccountSection title={t('title')} intro={t('intro')}>
      <NewPasswordForm
        idPrefix="change"
        action={changePassword}
        errors={await getErrorMessages()}
        texts={{
          current: t('current'),
          password: t('new'),
          confirm: t('confirm'),
          hint: t('hint', { min: PASSWORD_MIN_LENGTH }),
          submit: t('submit'),
          pending: t('pending'),
        }}
        done={<FormMessage tone="success">{t('done')}</FormMessage>}
      />
    </AccountSection>
  );
}
