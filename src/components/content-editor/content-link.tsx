import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { LocalizedLink } from '@/components/ui/localized-link';
import { hasVerifiedFactor } from '@/lib/auth/server-session';
import { staffRolesOf } from '@/lib/staff/roles';

/** The way to the content editor on the account page, for content staff with an authenticator app. */
export async function ContentEditorLink({ user }: { user: User }) {
  if (!staffRolesOf(user).includes('content') || !hasVerifiedFactor(user)) return null;
  const t = await getTranslations('contentEditor.accountLink');
  return (
    <AccountSection title={t('title')} intro={t('intro')}>
      <LocalizedLink href="/account/content" className="underline-link font-semibold">
        {t('open')} →
      </LocalizedLink>
    </AccountSection>
  );
}
