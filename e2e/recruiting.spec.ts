import { readFile } from 'node:fs/promises';

import { accessToken, createTestUser, signInThroughApi } from './support/auth';
import { axeViolations } from './support/axe';
import { adminClient, backendUrl } from './support/backend';
import { faintFocusRings } from './support/focus-rings';
import { en, expect, inLocale, localized, nl, test } from './support/i18n';
import { clearApplications, clientWithToken, seedApplication, signInAsStaff } from './support/recruiting';
import enRecruiting from '../public/locales/en/recruiting.json' with { type: 'json' };
import nlInbox from '../public/locales/nl/inbox.json' with { type: 'json' };
import nlRecruiting from '../public/locales/nl/recruiting.json' with { type: 'json' };

// One pass per condition that can change the outcome: the pipeline once (Dutch, desktop), the
// list and its filters once (English, phone), and the refusals once per kind of caller. The
// row-level security behind them is tested per role in supabase/tests/applications.test.ts.

const texts = { nl: nlRecruiting, en: enRecruiting };
const PIPELINE = ['in_review', 'interview', 'offer', 'hired'] as const;

inLocale(nl, 'recruiting: one application through the pipeline', (lc) => {
  const t = texts[lc.locale];

  test('staff at aal2 open an application, move it to hired, download the CV and add a note', async ({ page }) => {
    test.setTimeout(90_000);
    await clearApplications(['e2e-pipeline']);
    const seeded = await seedApplication({ vacancySlug: 'e2e-pipeline', vacancyTitle: 'E2E pipeline developer' });
    const staff = await signInAsStaff(page);

    await page.goto(`${localized(lc, '/account/applications')}?vacancy=e2e-pipeline`);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    expect(await axeViolations(page, 'main'), 'the applications list').toEqual([]);
    await page.getByRole('link', { name: new RegExp(seeded.name) }).click();
    const title = t.meta.detailTitle.replace('{name}', seeded.name);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The tab's title, which history, bookmarks and analytics keep, names no one.
    await expect(page).toHaveTitle(new RegExp(`^${t.meta.pageTitle.replace('{received}', '.+')} \\| Bitwerf$`));
    expect(await page.title()).not.toContain(seeded.name);
    await expect(page.getByRole('link', { name: seeded.email })).toHaveAttribute('href', `mailto:${seeded.email}`);
    await expect(page.getByRole('link', { name: /portfolio\.example\.nl/ })).toHaveAttribute('rel', 'noopener noreferrer nofollow');

    const { stops, faint } = await faintFocusRings(page);
    expect(stops).toBeGreaterThan(5);
    expect(faint, 'focus rings on an application').toEqual([]);

    // A note begun before the status changes is still there after them: the page answers in place.
    const note = page.getByLabel(t.notes.label);
    await note.fill('Sterk portfolio.');
    const current = page.getByText(`${t.statusForm.current}:`);
    await expect(current).toContainText(t.status.new);
    for (const status of PIPELINE) {
      await page.getByLabel(t.statusForm.label).selectOption(status);
      await page.getByRole('button', { name: t.statusForm.submit }).click();
      await expect(current).toContainText(t.status[status]);
      // The form, emptied after sending, shows the status the application has now.
      await expect(page.getByLabel(t.statusForm.label)).toHaveValue(status);
      // Each answer takes the focus, the same notice too: never <body>.
      await expect(page.getByRole('status').filter({ hasText: t.notices.statusChanged })).toBeFocused();
    }
    await expect(note).toHaveValue('Sterk portfolio.');
    await expect(page.getByText(staff.user.email)).toBeVisible();
    expect(await axeViolations(page, 'main'), 'an application').toEqual([]);
    const { data } = await adminClient()
      .from('applications')
      .select('status, status_changed_by, procedure_ended_at')
      .eq('id', seeded.id)
      .single();
    expect(data).toMatchObject({ status: 'hired', status_changed_by: staff.id, procedure_ended_at: expect.any(String) });

    // The download link: the database logs the download, then the server signs a one-minute URL and sends the browser there.
    const download = page.getByRole('link', { name: t.files.download.replace('{kind}', t.files.kinds.cv) });
    const href = (await download.getAttribute('href')) ?? '';
    const redirect = await page.request.get(href, { maxRedirects: 0 });
    expect(redirect.status()).toBe(303);
    const signed = new URL(redirect.headers().location ?? '');
    expect(`${signed.origin}${signed.pathname}`).toBe(`${backendUrl}/storage/v1/object/sign/applications/${seeded.id}/${seeded.cv.id}`);
    expect(signed.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    // Named by the server, after the applicant and the type the bytes are, never by the upload.
    expect(file.suggestedFilename()).toBe(`${seeded.name.toLowerCase().replaceAll(' ', '-')}-cv.pdf`);
    await expect(page.getByText(seeded.cv.fileName.replace('\u202E', ''), { exact: false })).toBeVisible();

    // The same recruiter's own session, outside the site, reads nothing: no entry, no access.
    const own = clientWithToken(staff.accessToken);
    expect((await own.from('applications').select('id, email, motivation')).error?.code).toBe('42501');
    expect((await own.from('application_files').select('object_path')).error?.code).toBe('42501');
    expect((await own.storage.from('applications').download(`${seeded.id}/${seeded.cv.id}`)).error).not.toBeNull();
    expect((await own.storage.from('applications').createSignedUrl(`${seeded.id}/${seeded.cv.id}`, 60)).error).not.toBeNull();
    const logged = await adminClient().from('application_access_log').select('action, actor_id').eq('application_id', seeded.id);
    expect(logged.data).toEqual(
      expect.arrayContaining([
        { action: 'list', actor_id: staff.id },
        { action: 'open', actor_id: staff.id },
        { action: 'download', actor_id: staff.id },
      ]),
    );
    expect(await page.getByRole('main').textContent()).not.toContain('\u202E');
    expect(await readFile(await file.path())).toEqual(seeded.cv.bytes);
    const fetched = await page.request.get(href);
    expect(fetched.headers()['content-type']).toBe('application/pdf');

    // Refused notes stay in the field, with the site's own error there and the focus on it.
    const addNote = page.getByRole('button', { name: t.notes.submit });
    const tooLong = 'Te lang. '.repeat(256).trim();
    for (const [typed, error] of [
      ['', t.notices.noteEmpty],
      [tooLong, t.notices.noteTooLong],
    ] as const) {
      await note.fill(typed);
      await addNote.click();
      await expect(note).toHaveAccessibleDescription(new RegExp(`^${error.replace(/[.]/g, '\\.')}`));
      await expect(note).toBeFocused();
      await expect(note).toHaveValue(typed);
    }
    // The page in dark mode, with an error showing (the audit could not reach it).
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect(await axeViolations(page, 'main'), 'an application with an error, in dark mode').toEqual([]);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    const link = 'https://portfolio.example.nl/projecten/toegankelijke-interfaces-voor-de-zorg';
    const written = `Sterk portfolio: ${link}.\nUitnodigen voor een tweede gesprek.`;
    await note.fill(written);
    await addNote.click();
    await expect(page.getByRole('status').filter({ hasText: t.notices.noteAdded })).toBeFocused();
    await expect(note).toHaveValue('');
    await expect(page.getByRole('listitem').filter({ hasText: 'Sterk portfolio:' })).toContainText(staff.user.email);
    // A long address in a note wraps on a phone at 400% zoom, rather than widening the page (1.4.10).
    await page.setViewportSize({ width: 320, height: 256 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const notes = await adminClient().from('application_notes').select('author_id, body').eq('application_id', seeded.id);
    expect(notes.data).toEqual([{ author_id: staff.id, body: written }]);
  });
});

inLocale(en, "recruiting: an applicant's request by email", (lc) => {
  const t = texts[lc.locale];

  test('staff take an application out of the talent pool, then delete it with its files and notes after confirming', async ({ page }) => {
    await clearApplications(['e2e-rights']);
    const seeded = await seedApplication({ vacancySlug: 'e2e-rights', vacancyTitle: 'E2E rights developer', talentPool: true });
    await adminClient().from('application_notes').insert({ application_id: seeded.id, body: 'Gebeld.' });
    await signInAsStaff(page);
    await page.goto(localized(lc, `/account/applications/${seeded.id}`));
    const request = page.getByRole('region', { name: t.rights.title });

    await request.getByRole('button', { name: t.rights.leave }).click();
    await expect(page.getByRole('status').filter({ hasText: t.notices.talentPoolLeft })).toBeFocused();
    await expect(request.getByRole('button', { name: t.rights.leave })).toHaveCount(0);
    const kept = await adminClient().from('applications').select('talent_pool').eq('id', seeded.id).single();
    expect(kept.data).toEqual({ talent_pool: false });

    // Nothing goes without the box ticked; with it, everything goes and the list says so.
    await request.getByRole('button', { name: t.rights.delete }).click();
    await expect(page.getByRole('status').filter({ hasText: t.notices.deleteUnconfirmed })).toBeFocused();
    await request.getByRole('checkbox', { name: t.rights.confirm }).check();
    await request.getByRole('button', { name: t.rights.delete }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(t.rights.deleted);
    await expect(page.getByRole('status')).toBeFocused();

    const admin = adminClient();
    expect((await admin.from('applications').select('id').eq('id', seeded.id)).data).toEqual([]);
    expect((await admin.from('application_files').select('id').eq('application_id', seeded.id)).data).toEqual([]);
    expect((await admin.from('application_notes').select('id').eq('application_id', seeded.id)).data).toEqual([]);
    expect((await admin.storage.from('applications').list(seeded.id)).data ?? []).toEqual([]);
  });
});

inLocale(en, 'recruiting: the list', (lc) => {
  const t = texts[lc.locale];

  test('staff see the vacancies with their counts and filter by vacancy and status, newest first @phone @below-lg', async ({ page }) => {
    test.setTimeout(60_000);
    await clearApplications(['e2e-filter-design', 'e2e-filter-data']);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const older = await seedApplication({ vacancySlug: 'e2e-filter-design', vacancyTitle: 'E2E designer', createdAt: minutesAgo(2) });
    const newer = await seedApplication({
      vacancySlug: 'e2e-filter-design',
      vacancyTitle: 'E2E designer',
      status: 'interview',
      createdAt: minutesAgo(1),
    });
    const other = await seedApplication({ vacancySlug: 'e2e-filter-data', vacancyTitle: 'E2E data engineer' });
    await signInAsStaff(page);

    await page.goto(localized(lc, '/account/applications'));
    const vacancies = page.getByRole('navigation', { name: t.vacancies.title });
    await expect(vacancies.getByRole('link', { name: /E2E designer/ })).toContainText('2 applications, 1 new');
    const { stops, faint } = await faintFocusRings(page);
    expect(stops).toBeGreaterThan(5);
    expect(faint, 'focus rings on the list').toEqual([]);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect(await axeViolations(page, 'main'), 'the list in dark mode').toEqual([]);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    await page.getByLabel(t.filters.vacancy, { exact: true }).selectOption('e2e-filter-design');
    await page.getByRole('button', { name: t.filters.submit }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('vacancy') === 'e2e-filter-design');
    const list = page.getByRole('main').locator('a[href*="/account/applications/"]');
    await expect(list).toHaveCount(2);
    await expect(list.nth(0)).toContainText(newer.name);
    await expect(list.nth(1)).toContainText(older.name);
    await expect(list.nth(0)).toContainText(t.status.interview);
    // Applied for in Dutch, the stored title is Dutch on the English page, and marked so (3.1.2).
    await expect(list.nth(0).getByText('E2E designer')).toHaveAttribute('lang', 'nl');
    await expect(page.getByText(other.name)).toHaveCount(0);

    await page.getByLabel(t.filters.status, { exact: true }).selectOption('interview');
    await page.getByRole('button', { name: t.filters.submit }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('status') === 'interview' && url.searchParams.get('vacancy') === 'e2e-filter-design',
    );
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText(newer.name);

    await page.getByRole('link', { name: t.filters.reset }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized(lc, '/account/applications') && url.search === '');
    // A filter that cannot be one is no page.
    expect((await page.request.get(`${localized(lc, '/account/applications')}?status=archived`)).status()).toBe(404);
  });
});

inLocale(nl, 'recruiting: refusals', (lc) => {
  test('a signed-in client is refused on the pages, through REST and in Storage', async ({ page }) => {
    await clearApplications(['e2e-refusals-client']);
    const seeded = await seedApplication({ vacancySlug: 'e2e-refusals-client' });
    await signInThroughApi(page, lc, await createTestUser('klant'));
    const detail = localized(lc, `/account/applications/${seeded.id}`);

    for (const path of [localized(lc, '/account/applications'), detail]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      expect(new URL(response.headers().location ?? '', 'http://site.invalid').pathname).toBe(localized(lc, '/account'));
    }
    expect((await page.request.get(`${detail}/files/${seeded.cv.id}`, { maxRedirects: 0 })).status()).toBe(404);

    const replay = clientWithToken((await accessToken(page.context())) ?? '');
    expect((await replay.from('applications').select('id').eq('id', seeded.id)).data ?? []).toEqual([]);
    expect((await replay.from('application_files').select('id')).data ?? []).toEqual([]);
    expect((await replay.rpc('set_application_status', { application_id: seeded.id, new_status: 'hired' })).error?.code).toBe('42501');
    const bucket = replay.storage.from('applications');
    expect((await bucket.createSignedUrl(`${seeded.id}/${seeded.cv.id}`, 60)).error).not.toBeNull();
    expect((await bucket.download(`${seeded.id}/${seeded.cv.id}`)).error).not.toBeNull();
    expect((await bucket.upload(`${seeded.id}/extra`, Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' })).error).not.toBeNull();
  });

  test('staff at aal2 without the recruiting role (inbox only) are refused on the pages, through REST and in Storage', async ({ page }) => {
    await clearApplications(['e2e-refusals-inbox']);
    const seeded = await seedApplication({ vacancySlug: 'e2e-refusals-inbox' });
    const staff = await signInAsStaff(page, { roles: ['inbox'] });
    const detail = localized(lc, `/account/applications/${seeded.id}`);
    for (const path of [localized(lc, '/account/applications'), detail]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      expect(new URL(response.headers().location ?? '', 'http://site.invalid').pathname).toBe(localized(lc, '/account'));
    }
    expect((await page.request.get(`${detail}/files/${seeded.cv.id}`, { maxRedirects: 0 })).status()).toBe(404);
    // The account page offers what the role opens: the messages, not the applications.
    await page.goto(localized(lc, '/account'));
    await expect(page.getByRole('link', { name: new RegExp(nlInbox.staffAccount.inbox.open) })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(nlRecruiting.accountLink.open) })).toHaveCount(0);

    const replay = clientWithToken(staff.accessToken);
    expect((await replay.from('applications').select('id').eq('id', seeded.id)).data ?? []).toEqual([]);
    expect((await replay.from('application_files').select('id')).data ?? []).toEqual([]);
    expect((await replay.rpc('set_application_status', { application_id: seeded.id, new_status: 'hired' })).error?.code).toBe('42501');
    const bucket = replay.storage.from('applications');
    expect((await bucket.createSignedUrl(`${seeded.id}/${seeded.cv.id}`, 60)).error).not.toBeNull();
    expect((await bucket.download(`${seeded.id}/${seeded.cv.id}`)).error).not.toBeNull();
  });

  test('a recruiter without the inbox role is refused the messages, and sees the applications', async ({ page }) => {
    await signInAsStaff(page, { roles: ['recruiting'] });
    const response = await page.request.get(localized(lc, '/account/messages'), { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(new URL(response.headers().location ?? '', 'http://site.invalid').pathname).toBe(localized(lc, '/account'));
    await page.goto(localized(lc, '/account'));
    await expect(page.getByRole('link', { name: new RegExp(nlRecruiting.accountLink.open) })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(nlInbox.staffAccount.inbox.open) })).toHaveCount(0);
  });

  test('staff who have not entered their code (aal1) are sent to sign in, and REST and Storage give them nothing', async ({ page }) => {
    await clearApplications(['e2e-refusals-staff']);
    const seeded = await seedApplication({ vacancySlug: 'e2e-refusals-staff' });
    const fileUrl = localized(lc, `/account/applications/${seeded.id}/files/${seeded.cv.id}`);
    // Not signed in at all: the proxy sends the visitor to sign in first.
    const anonymous = await page.request.get(fileUrl, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(307);
    expect(new URL(anonymous.headers().location ?? '', 'http://site.invalid').pathname).toBe(localized(lc, '/sign-in'));

    const staff = await signInAsStaff(page, { withCode: false });
    for (const path of [localized(lc, '/account/applications'), localized(lc, `/account/applications/${seeded.id}`), fileUrl]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect([303, 307], path).toContain(response.status());
      expect(new URL(response.headers().location ?? '', 'http://site.invalid').pathname, path).toBe(localized(lc, '/sign-in'));
    }

    const replay = clientWithToken(staff.accessToken);
    expect((await replay.from('applications').select('id').eq('id', seeded.id)).data ?? []).toEqual([]);
    expect((await replay.rpc('set_application_status', { application_id: seeded.id, new_status: 'hired' })).error?.code).toBe('42501');
    expect((await replay.storage.from('applications').createSignedUrl(`${seeded.id}/${seeded.cv.id}`, 60)).error).not.toBeNull();
    expect((await replay.storage.from('applications').list(seeded.id)).data ?? []).toEqual([]);
  });
});
