import { adminClient } from './support/backend';
import { en, expect, inLocale, localized, nl, test } from './support/i18n';
import { clearApplications, seedApplication, signInAsStaff } from './support/recruiting';
import enAccount from '../public/locales/en/account.json' with { type: 'json' };
import nlAccount from '../public/locales/nl/account.json' with { type: 'json' };

// The account page's view of the mail outbox: admins see what could not be sent, others nothing.
// The sending itself (claims, retries, a mail server that refuses and recovers, a backend killed
// mid-application) is tested against the backend in supabase/tests/mail-outbox.test.ts and
// backend-restart.test.ts.

const texts = { nl: nlAccount, en: enAccount };

for (const lc of [nl, en]) {
  inLocale(lc, 'mail outbox on the account page', () => {
    const t = texts[lc.locale].mailOutbox;
    const slug = `e2e-mail-outbox-${lc.locale}`;

    test('admins see mail that was given up, with its failure code; recruiters see no such section', async ({ page }) => {
      await clearApplications([slug]);
      const seeded = await seedApplication({ vacancySlug: slug });
      // As if the mail provider had refused its login for a day: both mails given up.
      const { error } = await adminClient()
        .from('mail_outbox')
        .update({
          state: 'failed',
          attempts: 12,
          last_error: 'EAUTH',
          lease_until: null,
          created_at: new Date(Date.now() - 86_400_000).toISOString(),
        })
        .eq('application_id', seeded.id);
      expect(error).toBeNull();

      await signInAsStaff(page, { roles: ['admin'] });
      await page.goto(localized(lc, '/account'));
      const section = page.getByRole('region', { name: t.title });
      await expect(section).toBeVisible();
      await expect(section.getByText(t.gaveUp.replace('{attempts}', '12'))).toBeVisible();
      await expect(section.getByText(/EAUTH \(\d+\)/)).toBeVisible();

      await page.context().clearCookies();
      await signInAsStaff(page, { roles: ['recruiting'] });
      await page.goto(localized(lc, '/account'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: t.title })).toHaveCount(0);
      await clearApplications([slug]);
    });
  });
}
