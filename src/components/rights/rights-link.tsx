import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { LocalizedLink } from '@/components/ui/localized-link';
import { hasVerifiedFactor } from '@/lib/auth/server-session';
import { staffRolesOf } from '@/lib/staff/roles';

/** The way to access and erasure requests on the account page, for admins with an authenticator app. */
export async function RightsLink({ user }: { user: User }) {
  if (!staffRolesOf(user).includes('admin') || !hasVerifiedFactor(user)) return null;
  const t = await getTranslations('account.rights');
  return (
    <AccountSection title={t('title')} intro={t('linkIntro')}>
      <LocalizedLink href="/account/rights" className="underline-link font-semibold">
        {t('open')} →
      </LocalizedLink>
    </AccountSection>
  );
}
