import { randomUUID } from 'node:crypto';

import { accountTexts, addTotpFactor, authTexts, enrolTotp, signInThroughApi, signInWithPassword, totp } from './support/auth';
import { axeViolations } from './support/axe';
import { backendUrl } from './support/backend';
import { en, expect, inLocale, localized, nl, test } from './support/i18n';
import { clearApplications, seedApplication, signInAsStaff } from './support/recruiting';
import { baseURL } from '../config/e2e-servers';
import { SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import enInbox from '../public/locales/en/inbox.json' with { type: 'json' };
import enRecruiting from '../public/locales/en/recruiting.json' with { type: 'json' };
import enStaff from '../public/locales/en/staff.json' with { type: 'json' };
import nlInbox from '../public/locales/nl/inbox.json' with { type: 'json' };
import nlRecruiting from '../public/locales/nl/recruiting.json' with { type: 'json' };
import { runUsers } from '../scripts/users';

// No trust on first use (security review 2, finding 7): a staff account made with
// `npm run users -- create --staff` links its authenticator only through the link that command
// prints, and is staff only after that. The database side is tested per role in
// supabase/tests/staff-enrolment.test.ts.

const recruiting = { nl: nlRecruiting, en: enRecruiting };
const inbox = { nl: nlInbox, en: enInbox };

/** A recruiting staff account made the way the firm makes one, with the printed enrolment link. */
async function staffFromCli(locale: 'nl' | 'en') {
  const user = { email: `cli-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  const env = { NEXT_PUBLIC_SUPABASE_URL: backendUrl, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY, NEXT_PUBLIC_SITE_URL: baseURL };
  const lines = await runUsers(
    ['create', '--email', user.email, '--password', user.password, '--staff', '--roles', 'recruiting', '--locale', locale],
    env,
  );
  const link = lines.find((line) => line.startsWith(baseURL));
  if (link === undefined) throw new Error(`no enrolment link in ${lines.join('\n')}`);
  return { user, link };
}

inLocale(nl, 'staff enrolment through the link', (lc) => {
  const account = accountTexts[lc.locale];

  test('a new staff account signs in, opens its link, links its authenticator and reaches the applications', async ({ page }) => {
    test.setTimeout(60_000);
    const { user, link } = await staffFromCli(lc.locale);
    await page.goto(link);
    // The token leaves the address bar at once; sign-in comes next and never sees it.
    await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/sign-in') && !url.href.includes('token'));
    await signInWithPassword(page, lc, user, localized(lc, '/account'));
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    await enrolTotp(page, lc);
    await expect(page.getByRole('region', { name: inbox[lc.locale].staffAccount.mfaRequired.title })).toHaveCount(0);

    await page.goto(localized(lc, '/account/applications'));
    await expect(page.getByRole('heading', { level: 1, name: recruiting[lc.locale].title })).toBeVisible();
  });
});

inLocale(en, 'staff enrolment without the link', (lc) => {
  const account = accountTexts[lc.locale];
  const notice = inbox[lc.locale].staffAccount.mfaRequired.title;

  test('the password alone links no authenticator on the site', async ({ page }) => {
    const { user } = await staffFromCli(lc.locale);
    await signInThroughApi(page, lc, user);
    await expect(page.getByRole('region', { name: notice })).toBeVisible();
    await page.getByRole('button', { name: account.mfa.start }).click();
    await expect(page.getByText(authTexts[lc.locale].errors.staffEnrolmentLink)).toBeVisible();
    await expect(page.getByRole('img', { name: account.mfa.qrAlt })).toHaveCount(0);
  });

  test('an authenticator linked through the Auth API directly opens no applications', async ({ page }) => {
    test.setTimeout(60_000);
    const { user } = await staffFromCli(lc.locale);
    // The review's reproduction: enrol, challenge and verify with the password's session alone.
    const secret = await addTotpFactor(user);
    await signInWithPassword(page, lc, user);
    await page.getByRole('textbox', { name: authTexts[lc.locale].code.label }).fill(await totp(secret, 1));
    await page.getByRole('button', { name: authTexts[lc.locale].code.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();

    await page.goto(localized(lc, '/account/applications'));
    await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account') && url.hash === '#staff-two-factor');
    await expect(page.getByRole('region', { name: notice })).toBeVisible();
  });
});

inLocale(en, 'the staff page for admins', (lc) => {
  const t = enStaff;
  const account = accountTexts[lc.locale];

  test('an admin sees who opened an application and issues a new link that replaces the old one', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await clearApplications(['e2e-access-log']);
    const seeded = await seedApplication({ vacancySlug: 'e2e-access-log', vacancyTitle: 'E2E access log' });
    const admin = await signInAsStaff(page, { roles: ['admin', 'recruiting'] });
    await page.goto(localized(lc, `/account/applications/${seeded.id}`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(seeded.name) })).toBeVisible();

    const { user, link: oldLink } = await staffFromCli(lc.locale);
    // The contact form's site-wide cap refused someone: the server records it as the service.
    await fetch(`${backendUrl}/rest/v1/rpc/record_site_cap_trip`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cap: 'contact-site', max_hits: 100, window_seconds: 3600 }),
    });
    await page.goto(localized(lc, '/account'));
    await page.getByRole('link', { name: new RegExp(t.accountLink.open) }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const log = page.getByRole('region', { name: t.log.title }).getByRole('table');
    // Other recruiters' lists may name the application too ('list'); the opening is the admin's.
    const opened = log.getByRole('row').filter({ hasText: seeded.id }).filter({ hasText: t.log.open });
    await expect(opened).toContainText(admin.user.email);
    const caps = page.getByRole('region', { name: t.caps.title });
    await expect(caps.getByRole('row', { name: new RegExp(`^${t.caps.caps['application-site']} \\d+ of 100`) })).toBeVisible();
    await expect(caps.getByRole('table').last().getByRole('row').filter({ hasText: t.caps.caps['contact-site'] })).not.toHaveCount(0);

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: user.email }) });
    await expect(card).toContainText(t.accounts.pending.replace(' {date}', ''));
    await card.getByRole('button', { name: t.issue.submit }).click();
    await expect(card.getByRole('status')).toBeFocused();
    const newLink = await card.getByRole('textbox', { name: t.issue.linkLabel }).inputValue();
    expect(await axeViolations(page, 'main'), 'the staff page with a new link').toEqual([]);
    expect(newLink).toMatch(new RegExp(`^${baseURL}/en/account/enrol\\?token=[A-Za-z0-9_-]{43}$`));

    // The staff member, in a browser of their own: the first link no longer works, the new one does.
    const context = await browser.newContext();
    const staffPage = await context.newPage();
    await signInThroughApi(staffPage, lc, user);
    await staffPage.goto(oldLink);
    await staffPage.getByRole('button', { name: account.mfa.start }).click();
    await expect(staffPage.getByText(authTexts[lc.locale].errors.staffEnrolmentLink)).toBeVisible();
    await staffPage.goto(newLink);
    await enrolTotp(staffPage, lc);
    await context.close();

    await page.reload();
    await expect(card).toContainText(t.accounts.enrolled.replace(' {date}', ''));
  });

  test('staff without the admin role are sent back to their account', async ({ page }) => {
    await signInAsStaff(page, { roles: ['recruiting'] });
    await page.goto(localized(lc, '/account/staff'));
    await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account'));
    await expect(page.getByRole('link', { name: new RegExp(t.accountLink.open) })).toHaveCount(0);
  });
});
