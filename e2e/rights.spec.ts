import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { strFromU8, unzipSync } from 'fflate';

import { adminClient, backendUrl } from './support/backend';
import { expect, inLocale, localized, nl, test } from './support/i18n';
import { clearApplications, seedApplication, signInAsStaff } from './support/recruiting';
import { SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import nlAccount from '../public/locales/nl/account.json' with { type: 'json' };

const t = nlAccount.rights;

/** An account for `email`, through the admin API over plain fetch (as e2e/support/auth.ts does). */
async function createAccount(email: string): Promise<void> {
  const response = await fetch(`${backendUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `pw-${crypto.randomUUID()}`, email_confirm: true }),
  });
  expect(response.status).toBe(200);
}

/** Every row and Storage object that names the person, per place. */
async function stored(email: string, applicationId: string) {
  const admin = adminClient();
  const count = async (query: PromiseLike<{ count: number | null }>) => (await query).count ?? 0;
  return {
    account: (await admin.rpc('rights_subject_account', { address: email })).data?.length ?? 0,
    contactMessages: await count(admin.from('contact_messages').select('id', { count: 'exact', head: true }).eq('email', email)),
    applications: await count(admin.from('applications').select('id', { count: 'exact', head: true }).eq('email', email)),
    applicationFiles: await count(
      admin.from('application_files').select('id', { count: 'exact', head: true }).eq('application_id', applicationId),
    ),
    applicationNotes: await count(
      admin.from('application_notes').select('id', { count: 'exact', head: true }).eq('application_id', applicationId),
    ),
    storageObjects: (await admin.storage.from('applications').list(applicationId)).data?.length ?? 0,
  };
}

inLocale(nl, 'rights requests', (lc) => {
  test('an admin looks up an address, exports everything as one zip, then erases it and nothing is left', async ({ page }) => {
    test.setTimeout(90_000);
    await clearApplications(['e2e-rights-request']);
    const seeded = await seedApplication({ vacancySlug: 'e2e-rights-request', vacancyTitle: 'E2E rights request' });
    const admin = adminClient();
    await createAccount(seeded.email);
    expect((await admin.from('application_notes').insert({ application_id: seeded.id, body: 'Gebeld.' })).error).toBeNull();
    const message = { name: seeded.name, email: seeded.email, subject: 'general', message: 'Welke gegevens hebben jullie van mij?' };
    expect((await admin.from('contact_messages').insert(message)).error).toBeNull();
    // A recruiter opened the application: that entry belongs in the export.
    const opened = { application_id: seeded.id, actor_id: randomUUID(), action: 'open' };
    expect((await admin.from('application_access_log').insert(opened)).error).toBeNull();
    const before = await stored(seeded.email, seeded.id);
    expect(before).toEqual({
      account: 1,
      contactMessages: 1,
      applications: 1,
      applicationFiles: 1,
      applicationNotes: 1,
      storageObjects: 1,
    });
    const { count: recordsBefore } = await admin.from('rights_requests').select('id', { count: 'exact', head: true });

    const staff = await signInAsStaff(page, { roles: ['admin'] });
    await page.goto(localized(lc, '/account'));
    await page.getByRole('link', { name: t.open }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await page.getByLabel(t.email).fill(seeded.email.toUpperCase());
    await page.getByRole('button', { name: t.lookUp }).click();
    const summary = page.getByRole('region', { name: t.summaryTitle.replace('{email}', seeded.email) });
    await expect(summary).toContainText(`${t.counts.applications}: 1`);
    await expect(summary).toContainText(`${t.counts.contactMessages}: 1`);
    await expect(summary).toContainText(`${t.counts.account}: ${t.counts.yes}`);
    await expect(summary).toContainText(`${t.counts.applicationAccessLog}: 1`);
    await expect(summary).toContainText(t.accessLogKept);

    // The export asks how the request was checked, and the record keeps the answer.
    await summary.getByRole('combobox', { name: t.identity.exportLabel }).selectOption('same_address');
    // The export: data.json with every row, and the file's own bytes.
    const [download] = await Promise.all([page.waitForEvent('download'), summary.getByRole('button', { name: t.export }).click()]);
    expect(download.suggestedFilename()).toMatch(/^rights-request-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = unzipSync(new Uint8Array(await readFile(await download.path())));
    const data = JSON.parse(strFromU8(archive['data.json'] ?? new Uint8Array())) as {
      applications: { id: string; email: string }[];
      contactMessages: { message: string }[];
      applicationNotes: { body: string }[];
      account: { email: string } | null;
      applicationAccessLog: { application_id: string; actor_id: string; action: string }[];
    };
    expect(data.applications.map((a) => a.id)).toEqual([seeded.id]);
    expect(data.contactMessages.map((m) => m.message)).toEqual([message.message]);
    expect(data.applicationNotes.map((n) => n.body)).toEqual(['Gebeld.']);
    expect(data.account?.email).toBe(seeded.email);
    expect(data.applicationAccessLog).toEqual([expect.objectContaining(opened)]);
    expect(Buffer.from(archive[`files/${seeded.id}/${seeded.cv.id}`] ?? [])).toEqual(seeded.cv.bytes);

    // Erasure asks how the request was checked and for a tick first, then leaves nothing behind and says so.
    await summary.getByRole('combobox', { name: t.identity.eraseLabel }).selectOption('confirmed_from_address');
    await summary.getByRole('button', { name: t.erase }).click();
    await expect(page.getByRole('status').filter({ hasText: t.unconfirmed })).toBeFocused();
    expect(await stored(seeded.email, seeded.id)).toEqual(before);
    await summary.getByRole('checkbox', { name: t.confirm }).check();
    await summary.getByRole('button', { name: t.erase }).click();
    await expect(page.getByRole('status').filter({ hasText: t.erased.replace('{email}', seeded.email) })).toBeFocused();
    expect(await stored(seeded.email, seeded.id)).toEqual({
      account: 0,
      contactMessages: 0,
      applications: 0,
      applicationFiles: 0,
      applicationNotes: 0,
      storageObjects: 0,
    });

    // Both requests are on record, by whom and how much, without the address.
    const { data: records } = await admin
      .from('rights_requests')
      .select('kind, actor_id, subject_key, counts, identity_check')
      .eq('actor_id', staff.id)
      .order('requested_at');
    expect(records?.map((r) => [r.kind, r.identity_check])).toEqual([
      ['export', 'same_address'],
      ['erasure', 'confirmed_from_address'],
    ]);
    expect(JSON.stringify(records)).not.toContain(seeded.email.split('@')[0]);
    expect(records?.[1]?.counts).toEqual({
      account: 1,
      contactMessages: 1,
      applications: 1,
      applicationFiles: 1,
      applicationNotes: 1,
      applicationAccessLog: 0,
      applicationDrafts: 0,
    });
    const { count: recordsAfter } = await admin.from('rights_requests').select('id', { count: 'exact', head: true });
    expect(recordsAfter).toBe((recordsBefore ?? 0) + 2);
  });

  test('the page and the export refuse staff without the admin role', async ({ page }) => {
    await signInAsStaff(page, { roles: ['recruiting'] });
    await page.goto(localized(lc, '/account/rights'));
    await expect(page).toHaveURL(localized(lc, '/account'));
    const response = await page.request.post(localized(lc, '/account/rights/export'), { form: { email: 'demo@bitwerf.nl' } });
    expect(response.status()).toBe(404);
  });
});
