import type { User } from '@supabase/supabase-js';
import { getTranslations } from 'next-intl/server';

import { AccountSection } from '@/components/auth/account-section';
import { LocalizedLink } from '@/components/ui/localized-link';
import { hasVerifiedFactor } from '@/lib/auth/server-session';
import { staffRolesOf, type StaffRole } from '@/lib/staff/roles';

type StaffPageLinkProps = { href: string; title: string; intro: string; open: string };

/** A card on the account page that leads to one staff page. */
export function StaffPageLink({ href, title, intro, open }: StaffPageLinkProps) {
  return (
    <AccountSection title={title} intro={intro}>
      <LocalizedLink href={href} className="underline-link font-semibold">
        {open} →
      </LocalizedLink>
    </AccountSection>
  );
}

/**
 * Whether the account page offers the way to a staff page: the role it needs, and a linked authenticator
 * app (the pages need aal2, and without a factor there is no way to get there; StaffAccountNotice tells
 * those staff what to do).
 */
function offers(user: User, role: StaffRole): boolean {
  return staffRolesOf(user).includes(role) && hasVerifiedFactor(user);
}

/** The way to the applications, for recruiting staff. Nothing for anyone else. */
export async function ApplicationsLink({ user }: { user: User }) {
  if (!offers(user, 'recruiting')) return null;
  const t = await getTranslations('recruiting.accountLink');
  return <StaffPageLink href="/account/applications" title={t('title')} intro={t('intro')} open={t('open')} />;
}

/** The way to access and erasure requests, for admins. Nothing for anyone else. */
export async function RightsLink({ user }: { user: User }) {
  if (!offers(user, 'admin')) return null;
  const t = await getTranslations('account.rights');
  return <StaffPageLink href="/account/rights" title={t('title')} intro={t('linkIntro')} open={t('open')} />;
}

/** The way to the staff accounts and the access log, for admins. Nothing for anyone else. */
export async function StaffAdminLink({ user }: { user: User }) {
  if (!offers(user, 'admin')) return null;
  const t = await getTranslations('staff.accountLink');
  return <StaffPageLink href="/account/staff" title={t('title')} intro={t('intro')} open={t('open')} />;
}

/** The way to the company details, for admins. Nothing for anyone else. */
export async function CompanyDetailsLink({ user }: { user: User }) {
  if (!offers(user, 'admin')) return null;
  const t = await getTranslations('staff.company.accountLink');
  return <StaffPageLink href="/account/company" title={t('title')} intro={t('intro')} open={t('open')} />;
}
