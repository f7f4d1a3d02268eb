import { getTranslations } from 'next-intl/server';

import { issueLink } from '@/app/[locale]/(site)/account/staff/actions';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/lib/locale-format';
import type { StaffAccount } from '@/lib/staff/staff-admin';

import { EnrolmentLinkForm } from './enrolment-link-form';

/** The staff accounts, each with its roles, whether it linked its authenticator, and a way to issue a new link. */
export async function StaffAccounts({ accounts, locale }: { accounts: StaffAccount[]; locale: Locale }) {
  const t = await getTranslations('staff');
  const issueTexts = {
    submit: t('issue.submit'),
    pending: t('issue.pending'),
    // Filled in the browser, with the account and the expiry the answer brings.
    issued: String(t.raw('issue.issued')),
    linkLabel: t('issue.linkLabel'),
    failed: t('issue.failed'),
  };
  const state = (account: StaffAccount) =>
    account.enrolledAt !== null
      ? t('accounts.enrolled', { date: formatDateTime(account.enrolledAt, locale) })
      : account.linkExpiresAt !== null
        ? t('accounts.pending', { date: formatDateTime(account.linkExpiresAt, locale) })
        : t('accounts.notEnrolled');
  return (
    <section aria-labelledby="staff-accounts-title">
      <h2 id="staff-accounts-title" className="text-2xl">
        {t('accounts.title')}
      </h2>
      {/* Said once, before any button: what a new link does to the earlier one (copy review 3, S10). */}
      <p className="mt-3 max-w-3xl text-muted">{t('issue.hint')}</p>
      <ul className="mt-6 grid gap-4">
        {accounts.map((account) => (
          <li key={account.id} className="rounded-2xl border border-fg/20 p-6">
            <h3 id={`staff-account-${account.id}`} className="text-lg font-semibold break-all">
              {account.email}
            </h3>
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold text-muted">{t('accounts.roles')}</dt>
              <dd>{account.roles.length === 0 ? t('accounts.noRoles') : account.roles.map((role) => t(`roles.${role}`)).join(', ')}</dd>
              <dt className="font-semibold text-muted">{t('accounts.state')}</dt>
              <dd>{state(account)}</dd>
            </dl>
            <EnrolmentLinkForm
              action={issueLink.bind(null, locale, account.id)}
              email={account.email}
              describedBy={`staff-account-${account.id}`}
              texts={issueTexts}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
