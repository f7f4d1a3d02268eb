import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { oauthProviderNames } from '@/lib/auth/oauth/provider-name';
import { isOAuthProvider } from '@/lib/auth/oauth/providers';
import { formatDateTime } from '@/lib/locale-format';

import { AccountSection } from './account-section';

type SignInMethodsSectionProps = { user: User; locale: Locale };

/** The ways this account signs in: its password and every provider linked to it, by the address Auth linked it with. */
export async function SignInMethodsSection({ user, locale }: SignInMethodsSectionProps) {
  const t = await getTranslations('account.signInMethods');
  const name = await oauthProviderNames();
  const identities = user.identities ?? [];
  return (
    <AccountSection title={t('title')} intro={t('intro')}>
      <ul className="grid gap-4">
        {identities.map((identity) => {
          // The password goes with the account's own address, shown above; a provider says which address it was linked by.
          const byPassword = identity.provider === 'email';
          const address = typeof identity.identity_data?.email === 'string' ? identity.identity_data.email : undefined;
          const method = byPassword ? t('password') : isOAuthProvider(identity.provider) ? name(identity.provider) : identity.provider;
          return (
            <li key={identity.identity_id} className="grid gap-1 border-b border-line pb-4 last:border-b-0 last:pb-0">
              <span className="font-semibold">{method}</span>
              {!byPassword && address && <span className="text-base break-all text-muted">{t('linkedBy', { address })}</span>}
              {identity.created_at && (
                <span className="text-sm text-muted">{t('linkedOn', { date: formatDateTime(identity.created_at, locale) })}</span>
              )}
            </li>
          );
        })}
      </ul>
    </AccountSection>
  );
}
