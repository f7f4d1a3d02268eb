import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { LocalizedLink } from '@/components/ui/localized-link';
import { hasVerifiedFactor } from '@/lib/auth/server-session';
import { staffRolesOf } from '@/lib/staff/roles';

/** The way to /account/staff on the account page, for admins who linked an authenticator app. Nothing for anyone else. */
export async function StaffAdminLink({ user }: { user: User }) {
  if (!staffRolesOf(user).includes('admin') || !hasVerifiedFactor(user)) return null;
  const t = await getTranslations('staff.accountLink');
  return (
    <AccountSection title={t('title')} intro={t('intro')}>
      <LocalizedLink href="/account/staff" className="underline-link font-semibold">
        {t('open')} →
      </LocalizedLink>
    </AccountSection>
  );
}
