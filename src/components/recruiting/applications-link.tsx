import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { LocalizedLink } from '@/components/ui/localized-link';
import { hasVerifiedFactor } from '@/lib/auth/server-session';
import { staffRolesOf } from '@/lib/staff/roles';

/**
 * The way to the applications on the account page, for recruiting staff who have linked an authenticator
 * app (the pages need aal2, and without a factor there is no way to get there; the inbox's
 * StaffAccountNotice already tells those staff what to do). Nothing for anyone else.
 */
export async function ApplicationsLink({ user }: { user: User }) {
  if (!staffRolesOf(user).includes('recruiting') || !hasVerifiedFactor(user)) return null;
  const t = await getTranslations('recruiting.accountLink');
  return (
    <AccountSection title={t('title')} intro={t('intro')}>
      <LocalizedLink href="/account/applications" className="underline-link font-semibold">
        {t('open')} →
      </LocalizedLink>
    </AccountSection>
  );
}
