import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { StaffPageLink } from '@/components/staff/staff-page-links';
import { hasVerifiedFactor } from '@/lib/auth/server-session';
import { STAFF_MFA_ANCHOR, staffEnrolmentCompleted } from '@/lib/staff/enrolment-link';
import { isStaff, staffRolesOf } from '@/lib/staff/roles';
import { createClient } from '@/lib/supabase/server';

/**
 * The staff part of the account page. Staff without a verified factor learn why the messages
 * stay closed and what to do (the inbox sends them here, to this notice); staff with one get
 * the way to the messages if the inbox is one of their roles, and staff without any role are told
 * to ask for one. Nothing for anyone else.
 */
export async function StaffAccountNotice({ user }: { user: User }) {
  if (!isStaff(user)) return null;
  const [t, tAccount] = await Promise.all([getTranslations('inbox.staffAccount'), getTranslations('account.mfa')]);

  if (!hasVerifiedFactor(user) || !(await staffEnrolmentCompleted(await createClient()))) {
    return (
      <section
        id={STAFF_MFA_ANCHOR}
        aria-labelledby={`${STAFF_MFA_ANCHOR}-title`}
        className="scroll-mt-24 rounded-2xl border-2 border-fg p-6 sm:p-8"
      >
        <h2 id={`${STAFF_MFA_ANCHOR}-title`} className="text-2xl">
          {t('mfaRequired.title')}
        </h2>
        <p className="mt-2 max-w-2xl">{t('mfaRequired.text')}</p>
        <p className="mt-2 max-w-2xl text-muted">{t('mfaRequired.how', { section: tAccount('title') })}</p>
      </section>
    );
  }

  const roles = staffRolesOf(user);
  if (roles.length === 0) {
    return (
      <AccountSection title={t('noRoles.title')}>
        <p className="max-w-2xl">{t('noRoles.text')}</p>
      </AccountSection>
    );
  }
  if (!roles.includes('inbox')) return null;

  return <StaffPageLink href="/account/messages" title={t('inbox.title')} intro={t('inbox.intro')} open={t('inbox.open')} />;
}
