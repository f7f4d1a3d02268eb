import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';
import { Agent, fetch as fetchFrom, FormData as UndiciFormData } from 'undici';

import { docx, encryptedDocx, executable, pdf, polyglotPdf, truncatedPdf } from './support/application-files';
import { adminClient, backendUrl } from './support/backend';
import { loopbackAddress, visitorIp } from './support/client-addresses';
import { faintFocusRings } from './support/focus-rings';
import { en, expect, inLocale, localized, nl, test, type LocaleCase } from './support/i18n';
import { baseURL } from '../config/e2e-servers';
import { SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import enApplications from '../public/locales/en/applications.json' with { type: 'json' };
import enMail from '../public/locales/en/mail.json' with { type: 'json' };
import nlApplications from '../public/locales/nl/applications.json' with { type: 'json' };
import nlMail from '../public/locales/nl/mail.json' with { type: 'json' };
import { APPLICATION_REQUEST_LIMIT, SITE_BUCKET, UPLOAD_BUCKET } from '../src/lib/applications/application-limits';
import { deleteApplicationsWith } from '../src/lib/recruiting/application-deletion';

const copy = { nl: nlApplications, en: enApplications };
const mail = { nl: nlMail, en: enMail };
const vacancy = { slug: 'senior-full-stack-developer', title: 'Senior full-stack developer (TypeScript/Next.js)' };
const motivation = 'Ik bouw al acht jaar webapplicaties met TypeScript en wil graag bij een klein, sterk team werken.';

/** Sends an application with a small PDF from `address`, with no proxy header; answers its status or reason. */
async function applyFrom(address: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<string> {
  const form = new UndiciFormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('cv', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'cv.pdf');
  const dispatcher = new Agent({ localAddress: address });
  try {
    const response = await fetchFrom(new URL('/api/applications', baseURL), {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...headers },
      dispatcher,
    });
    const answer = (await response.json()) as { status: string; reason?: string };
    return answer.reason ?? answer.status;
  } finally {
    await dispatcher.close();
  }
}

/** A pattern for a text at the start of a longer one (an error before its hint). */
const startsWith = (...texts: string[]) => new RegExp(`^${texts.join(' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The consent checkbox's name: its label's text, whatever marks it as required. */
const consentName = (lc: LocaleCase) => startsWith(copy[lc.locale].form.consent.replace(/<\/?link>/g, ''));

const file = (name: string, buffer: Buffer, mimeType = 'application/pdf') => ({ name, mimeType, buffer });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorIp() });
  // The site-wide caps would be used up by a few runs of this file against one backend; each test
  // starts with them full. The caps themselves are tested in supabase/tests.
  await adminClient().from('rate_limit_hits').delete().in('bucket', [SITE_BUCKET, UPLOAD_BUCKET]);
});

async function fillText(page: Page, lc: LocaleCase, email: string) {
  const form = copy[lc.locale].form;
  const main = page.getByRole('main');
  await main.getByLabel(form.name).fill('Sanne de Vries');
  await main.getByLabel(form.email).fill(email);
  await main.getByLabel(form.profileUrl).fill('https://www.linkedin.com/in/sannedevries');
  await main.getByLabel(form.motivation, { exact: false }).fill(motivation);
}

/** The newest mail to `to`, once it has arrived in the local inbox. */
async function mailTo(to: string): Promise<{ subject: string; text: string; links: string[] }> {
  let found: { subject: string; text: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${backendUrl}/inbox/v1/messages?to=${encodeURIComponent(to)}`, {
        headers: { apikey: SERVICE_ROLE_KEY },
      });
      found = ((await response.json()) as { subject: string; text: string; links: string[] }[])[0];
      return found;
    })
    .toBeTruthy();
  if (found === undefined) throw new Error(`no mail to ${to}`);
  return found;
}

/** The applications stored for an address, each with its files (two reads: the local REST has no embedding). */
async function storedApplication(email: string) {
  const admin = adminClient();
  const { data, error } = await admin.from('applications').select('id, locale, vacancy_slug, talent_pool').eq('email', email);
  if (error) throw error;
  return Promise.all(
    data.map(async (application) => {
      const files = await admin.from('application_files').select('kind, file_name, content_type').eq('application_id', application.id);
      return { ...application, application_files: files.data ?? [] };
    }),
  );
}

// Each language applies once with JavaScript, all the way to the withdrawal; the mail and every
// page on the way are in that language. Dutch at phone width, English at desktop width.
for (const lc of [nl, en]) {
  inLocale(lc, 'applying on a vacancy', (lc) => {
    const t = copy[lc.locale];
    test(`sends the form with its files, confirms it by mail in ${lc.locale}, and the mail's link withdraws it${lc.locale === 'nl' ? ' @phone @below-lg' : ''}`, async ({
      page,
    }) => {
      const email = `sanne-${randomUUID().slice(0, 8)}@example.nl`;
      await page.goto(localized(lc, `/vacancies/${vacancy.slug}`));
      const section = page.getByRole('region', { name: t.section.title });
      await expect(section).toContainText(vacancy.title);
      await fillText(page, lc, email);
      await section.getByLabel(t.form.cv).setInputFiles(file('cv-sanne.pdf', pdf({ padTo: 200_000 })));
      await section
        .getByLabel(t.form.extra)
        .setInputFiles(file('portfolio.docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
      await section.getByRole('checkbox', { name: consentName(lc) }).check();
      await section.getByRole('checkbox', { name: t.form.talentPool }).check();
      await section.getByRole('button', { name: t.form.submit }).click();

      await expect(page).toHaveURL(localized(lc, '/applications/received'));
      await expect(page.getByRole('heading', { level: 1, name: t.received.title })).toBeVisible();
      const [stored] = await storedApplication(email);
      expect(stored).toMatchObject({ locale: lc.locale, vacancy_slug: vacancy.slug, talent_pool: true });
      expect(stored?.application_files).toEqual(
        expect.arrayContaining([
          { kind: 'cv', file_name: 'cv-sanne.pdf', content_type: 'application/pdf' },
          {
            kind: 'extra',
            file_name: 'portfolio.docx',
            content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          },
        ]),
      );

      const confirmation = await mailTo(email);
      expect(confirmation.subject).toBe(mail[lc.locale].applicationReceived.subjectVacancy.replace('{vacancyTitle}', vacancy.title));
      // The address is unconfirmed: the mail repeats no name the applicant typed or chose.
      const sent = mail[lc.locale].applicationReceived;
      expect(confirmation.text).toContain(sent.fileCv.replace('{type}', sent.typePdf).split(',')[0]);
      expect(confirmation.text).not.toContain('cv-sanne.pdf');
      expect(confirmation.text).not.toContain('Sanne de Vries');
      expect(confirmation.text).toContain(mail[lc.locale].applicationReceived.retentionTalentPool);
      const withdrawLink = confirmation.links.find((link) => link.includes('/applications/withdraw?token='));
      expect(withdrawLink).toBeDefined();

      // Opening the link deletes nothing; the button does, and says so. The token leaves the
      // address at once, before any page (or analytics) could see it.
      await page.goto(new URL(withdrawLink ?? '').pathname + new URL(withdrawLink ?? '').search);
      await expect(page).toHaveURL(localized(lc, '/applications/withdraw/confirm'));
      expect(await storedApplication(email)).toHaveLength(1);
      await expect(page.getByText(t.withdraw.intro)).toBeVisible();
      expect((await faintFocusRings(page)).faint, 'focus rings on the withdraw page').toEqual([]);
      await page.getByRole('button', { name: t.withdraw.confirm }).click();
      await expect(page.getByRole('status')).toContainText(t.withdraw.done);
      await expect(page.getByRole('status')).toBeFocused();
      // Once it is done, the page no longer asks whether to do it.
      await expect(page.getByText(t.withdraw.intro)).toBeHidden();
      expect(await storedApplication(email)).toHaveLength(0);
      const { data: objects } = await adminClient()
        .storage.from('applications')
        .list(stored?.id ?? 'none');
      expect(objects ?? []).toEqual([]);

      // The link has done its work, and the title says so as the heading does.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: t.withdraw.invalidTitle })).toBeVisible();
      await expect(page).toHaveTitle(`${t.withdraw.invalidTitle} | Bitwerf`);
    });
  });
}

// Withdrawing consent for the talent pool must not cost the applicant the application itself.
inLocale(nl, 'the withdraw page for an application in the talent pool', (lc) => {
  const t = copy[lc.locale];
  test('takes it out of the talent pool only, and keeps the application and its files', async ({ page, request }) => {
    const email = `pool-${randomUUID().slice(0, 8)}@example.nl`;
    const fields = { locale: 'nl', vacancy: vacancy.slug, name: 'Sanne de Vries', email, motivation, consent: 'on', talentPool: 'on' };
    const sent = await request.post('/api/applications', {
      headers: { accept: 'application/json', 'x-forwarded-for': visitorIp() },
      multipart: { ...fields, cv: file('cv.pdf', pdf()) },
    });
    expect(await sent.json()).toMatchObject({ status: 'received' });
    const [stored] = await storedApplication(email);
    expect(stored).toMatchObject({ talent_pool: true });
    const link = new URL((await mailTo(email)).links.find((l) => l.includes('/applications/withdraw?token=')) ?? '');

    await page.goto(link.pathname + link.search);
    await expect(page.getByText(t.withdraw.talentPool.running.intro)).toBeVisible();
    await page.getByRole('button', { name: t.withdraw.talentPool.running.leave }).click();
    await expect(page.getByRole('status')).toContainText(t.withdraw.talentPool.running.done);
    await expect(page.getByRole('status')).toBeFocused();

    const [after] = await storedApplication(email);
    expect(after).toMatchObject({ id: stored?.id, talent_pool: false });
    expect(after?.application_files).toHaveLength(1);
    const { data: objects } = await adminClient()
      .storage.from('applications')
      .list(stored?.id ?? 'none');
    expect(objects ?? []).toHaveLength(1);

    // Out of the pool, the page no longer offers to leave it; withdrawing stays possible.
    await page.reload();
    await expect(page.getByRole('button', { name: t.withdraw.confirm })).toBeVisible();
    await expect(page.getByRole('button', { name: t.withdraw.talentPool.running.leave })).toHaveCount(0);
    expect((await deleteApplicationsWith(adminClient(), [stored?.id ?? ''])).failed).toEqual([]);
  });
});

inLocale(nl, 'the application form', (lc) => {
  const t = copy[lc.locale];

  test('refuses each bad file on the file field, by its content, and keeps what was typed', async ({ page }) => {
    await page.goto(localized(lc, `/vacancies/${vacancy.slug}`));
    const section = page.getByRole('region', { name: t.section.title });
    await fillText(page, lc, 'bas@example.nl');
    await section.getByRole('checkbox', { name: consentName(lc) }).check();
    const cv = section.getByLabel(t.form.cv);
    const cases: [ReturnType<typeof file>, string][] = [
      [file('cv.pdf', executable()), t.errors.file.wrongType],
      [file('cv.pdf', pdf({ encrypted: true })), t.errors.file.protected],
      [
        file('cv.docx', encryptedDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
        t.errors.file.protected,
      ],
      [file('cv.pdf', truncatedPdf()), t.errors.file.broken],
      [file('cv.pdf', polyglotPdf()), t.errors.file.markup],
      // Caught in the browser before sending; an oversized file is refused by the endpoint below.
      [file('cv.pdf', Buffer.alloc(0)), t.errors.file.empty],
    ];
    for (const [chosen, message] of cases) {
      await cv.setInputFiles(chosen);
      await section.getByRole('button', { name: t.form.submit }).click();
      await expect(cv).toHaveAccessibleDescription(startsWith(message));
      await expect(cv).toBeFocused();
    }
    await expect(section.getByLabel(t.form.name)).toHaveValue('Sanne de Vries');
    await expect(section.getByLabel(t.form.motivation, { exact: false })).toHaveValue(motivation);
    expect(await storedApplication('bas@example.nl')).toHaveLength(0);

    // A good file sent after the refusals: while it is on its way no old error stands beside it,
    // and the sending is said. The request is held, then dropped, so nothing is stored.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/applications', async (route) => {
      await held;
      await route.abort();
    });
    await cv.setInputFiles(file('cv.pdf', pdf()));
    await section.getByRole('button', { name: t.form.submit }).click();
    await expect(section.getByRole('status')).toHaveText(t.form.sending);
    await expect(cv).not.toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText(t.errors.file.empty)).toHaveCount(0);
    await expect(section.getByRole('alert')).toHaveText('');
    release();
    await expect(section.getByRole('alert')).toContainText(t.failed.network);
  });
});

inLocale(en, 'the application form without JavaScript', (lc) => {
  const t = copy[lc.locale];
  test.use({ javaScriptEnabled: false });

  test('a vacancy that closed while someone applied comes back as an open application, and goes as one', async ({ page }) => {
    const email = `closed-${randomUUID().slice(0, 8)}@example.com`;
    // The form as it was sent from a vacancy page that was open when it loaded.
    const fields = {
      locale: 'en',
      vacancy: 'afstudeerstage-software-engineering',
      name: 'Sanne de Vries',
      email,
      motivation,
      consent: 'on',
    };
    const sent = await page.request.post('/api/applications', {
      headers: { 'x-forwarded-for': visitorIp() },
      multipart: { ...fields, cv: file('cv.pdf', pdf()) },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);

    await page.goto(localized(lc, '/applications/retry'));
    const form = page.getByRole('region', { name: t.retry.title });
    await expect(form.getByRole('alert')).toContainText(t.failed.vacancyClosed);
    await form.getByLabel(t.form.cv).setInputFiles(file('cv.pdf', pdf()));
    await form.getByRole('button', { name: t.form.submitOpen }).click();
    await expect(page).toHaveURL(localized(lc, '/applications/received'));
    const [stored] = await storedApplication(email);
    expect(stored).toMatchObject({ locale: 'en', vacancy_slug: null });
    expect((await mailTo(email)).subject).toBe(mail.en.applicationReceived.subjectOpen);
  });

  test('comes back with the text, the errors and a request to choose the files again, then goes through', async ({ page }) => {
    const email = `noscript-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(localized(lc, '/vacancies'));
    const section = page.getByRole('region', { name: t.section.openTitle });
    await fillText(page, lc, email);
    await section.getByLabel(t.form.cv).setInputFiles(file('cv.pdf', executable()));
    await section.getByRole('button', { name: t.form.submit }).click();

    await expect(page).toHaveURL(localized(lc, '/applications/retry'));
    const form = page.getByRole('region', { name: t.retry.title });
    await expect(form.getByRole('alert')).toContainText(t.form.errorSummary);
    // Nothing moves focus without JavaScript: the summary lists each problem, linked to its field.
    const summary = form.getByRole('alert').getByRole('link');
    await expect(summary).toHaveText([t.errors.consent.required, t.errors.file.wrongType]);
    await expect(summary.last()).toHaveAttribute('href', '#cv');
    await expect(form.getByLabel(t.form.cv)).toHaveAccessibleDescription(startsWith(t.errors.file.wrongType, t.form.chooseAgain));
    await expect(form.getByRole('checkbox', { name: consentName(lc) })).toHaveAccessibleDescription(t.errors.consent.required);
    await expect(form.getByLabel(t.form.name)).toHaveValue('Sanne de Vries');
    await expect(form.getByLabel(t.form.motivation, { exact: false })).toHaveValue(motivation);

    await form.getByLabel(t.form.cv).setInputFiles(file('cv.pdf', pdf()));
    await form.getByRole('checkbox', { name: consentName(lc) }).check();
    await form.getByRole('button', { name: t.form.submit }).click();
    await expect(page).toHaveURL(localized(lc, '/applications/received'));
    const [stored] = await storedApplication(email);
    expect(stored).toMatchObject({ locale: 'en', vacancy_slug: null, talent_pool: false });
    expect((await mailTo(email)).subject).toBe(mail.en.applicationReceived.subjectOpen);

    // The draft is gone with the application: the retry page now says the form has expired, title first.
    await page.goto(localized(lc, '/applications/retry'));
    await expect(page.getByRole('heading', { level: 1, name: t.retry.expiredTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${t.retry.expiredTitle} | Bitwerf`);
  });
});

test.describe('the application endpoint', () => {
  const endpoint = '/api/applications';
  const fields = { locale: 'nl', vacancy: vacancy.slug, name: 'Sanne de Vries', email: 'api@example.nl', motivation, consent: 'on' };

  test('answers what a hand-made request gets wrong, and stores nothing', async ({ request }) => {
    const headers = { accept: 'application/json', 'x-forwarded-for': visitorIp() };
    const send = (multipart: Record<string, string | ReturnType<typeof file>>) => request.post(endpoint, { headers, multipart });

    const tooLarge = await send({ ...fields, cv: file('cv.pdf', Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024, 0x25)])) });
    expect(await tooLarge.json()).toEqual({ status: 'invalid', errors: { cv: 'file.tooLarge' } });
    // Two files in one field: the browser's form never sends that, a script might.
    const twoCvs = await request.post(endpoint, {
      headers,
      multipart: (() => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('cv', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'a.pdf');
        form.append('cv', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'b.pdf');
        return form;
      })(),
    });
    expect(await twoCvs.json()).toEqual({ status: 'invalid', errors: { cv: 'file.tooMany' } });
    const closed = await send({ ...fields, vacancy: 'afstudeerstage-software-engineering', cv: file('cv.pdf', pdf()) });
    expect(await closed.json()).toEqual({ status: 'failed', reason: 'vacancyClosed' });
    const unknown = await send({ ...fields, locale: 'de', cv: file('cv.pdf', pdf()) });
    expect(await unknown.json()).toEqual({ status: 'failed', reason: 'badRequest' });
    const notAForm = await request.post(endpoint, { headers, data: { ...fields } });
    expect(await notAForm.json()).toEqual({ status: 'failed', reason: 'badRequest' });
    // A honeypot hit is answered like a success, and nothing is kept.
    const bot = await send({ ...fields, website: 'https://spam.example', cv: file('cv.pdf', pdf()) });
    expect(await bot.json()).toEqual({ status: 'received', next: '/applications/received' });
    expect(await storedApplication('api@example.nl')).toHaveLength(0);
  });

  test('takes three applications an hour from one visitor', async ({ request }) => {
    const headers = { accept: 'application/json', 'x-forwarded-for': visitorIp() };
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const email = `limit-${i}-${randomUUID().slice(0, 6)}@example.nl`;
      answers.push(
        (await (await request.post(endpoint, { headers, multipart: { ...fields, email, cv: file('cv.pdf', pdf()) } })).json()) as {
          status: string;
          reason?: string;
        },
      );
    }
    expect(answers.map((a) => a.reason ?? a.status)).toEqual(['received', 'received', 'received', 'rateLimited']);
  });

  test('without a proxy header, each client is limited by the address its connection comes from, whatever it forges', async () => {
    // Three clients on their own loopback addresses, each sending no X-Forwarded-For: Next writes the
    // connection's address there, and the one trusted hop (TRUSTED_PROXY_COUNT=1) reads it.
    const clients = [loopbackAddress(), loopbackAddress(), loopbackAddress()];
    for (const address of clients) {
      const answers: string[] = [];
      for (let i = 0; i < 4; i++)
        answers.push(await applyFrom(address, { ...fields, email: `socket-${i}-${randomUUID().slice(0, 6)}@example.nl` }));
      expect(answers).toEqual(['received', 'received', 'received', 'rateLimited']);
    }
    // Claiming a fresh address in a header the site does not read changes nothing.
    const forged = await applyFrom(
      clients[0] ?? '',
      { ...fields, email: `forged-${randomUUID().slice(0, 6)}@example.nl` },
      { 'x-real-ip': loopbackAddress(), 'x-client-ip': loopbackAddress() },
    );
    expect(forged).toBe('rateLimited');
  });

  test('counts every request against the visitor before reading it, so hand-made posts cannot go on without end', async ({ request }) => {
    const headers = { accept: 'application/json', 'x-forwarded-for': visitorIp() };
    const refusals = [];
    for (let i = 0; i < APPLICATION_REQUEST_LIMIT.maxRequests; i++)
      refusals.push(await (await request.post(endpoint, { headers, data: 'not a form' })).json());
    expect(new Set(refusals.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ status: 'failed', reason: 'badRequest' })]),
    );
    const valid = await request.post(endpoint, {
      headers,
      multipart: { ...fields, email: `after-${randomUUID().slice(0, 6)}@example.nl`, cv: file('cv.pdf', pdf()) },
    });
    expect(await valid.json()).toEqual({ status: 'failed', reason: 'rateLimited' });
  });

  test("refuses a post from another site's page, and keeps no draft of it", async ({ request }) => {
    const crossSiteHeaders: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const crossSite of crossSiteHeaders) {
      const answer = await request.post(endpoint, {
        headers: { 'x-forwarded-for': visitorIp(), ...crossSite },
        multipart: { ...fields, email: 'not-an-address' },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(403);
      expect(answer.headers()['set-cookie']).toBeUndefined();
    }
  });

  test('visitors cannot write around the form: no insert into the table, no upload into the bucket', async ({ request }) => {
    const { ANON_KEY } = await import('../local-supabase/src/keys');
    const insert = await request.post(`${backendUrl}/rest/v1/applications`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/json' },
      data: { locale: 'nl', name: 'X', email: 'x@example.nl', motivation: 'x' },
    });
    expect(insert.status()).toBe(401);
    const upload = await request.post(`${backendUrl}/storage/v1/object/applications/${randomUUID()}/${randomUUID()}`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/pdf' },
      data: pdf(),
    });
    expect(upload.ok()).toBe(false);
  });
});
