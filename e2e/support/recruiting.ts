import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';
import { createServerClient } from '@supabase/ssr';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { addTotpFactor, createTestUser, totp, type TestUser } from './auth';
import { adminClient, backendUrl } from './backend';
import { baseURL } from '../../config/e2e-servers';
import { ANON_KEY } from '../../local-supabase/src/keys';
import { STAFF_ROLES, type StaffRole } from '../../src/lib/staff/roles';

/** A one-page PDF, small enough to compare byte for byte after the download. */
export function tinyPdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

export type SeededApplication = { id: string; name: string; email: string; cv: { id: string; fileName: string; bytes: Buffer } };

/**
 * An application as the site's server stores one (service role): the row, the CV in the private
 * bucket under `<application id>/<file id>`, and the file's row.
 */
export async function seedApplication(fields: {
  vacancySlug: string | null;
  vacancyTitle?: string | null;
  name?: string;
  status?: string;
  createdAt?: string;
  talentPool?: boolean;
}): Promise<SeededApplication> {
  const admin = adminClient();
  const tag = randomUUID().slice(0, 8);
  const name = fields.name ?? `Noor Bakker ${tag}`;
  const email = `noor-${tag}@example.nl`;
  const { data, error } = await admin
    .from('applications')
    .insert({
      locale: 'nl',
      vacancy_slug: fields.vacancySlug,
      vacancy_title: fields.vacancyTitle ?? null,
      name,
      email,
      phone: '+31 6 12345678',
      profile_url: `https://portfolio.example.nl/${tag}`,
      motivation: 'Ik bouw graag toegankelijke interfaces.\nEn ik woon in Zwolle.',
      ...(fields.status ? { status: fields.status } : {}),
      ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
      ...(fields.talentPool ? { talent_pool: true } : {}),
    })
    .select('id')
    .single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  const fileId = randomUUID();
  const bytes = tinyPdf(tag);
  const uploaded = await admin.storage.from('applications').upload(`${id}/${fileId}`, bytes, { contentType: 'application/pdf' });
  if (uploaded.error) throw uploaded.error;
  // As an applicant may name it: a right-to-left override makes it read as "…lmth.pdf".
  const fileName = `cv ${name}\u202Efdp.html`;
  const file = await admin.from('application_files').insert({
    id: fileId,
    application_id: id,
    kind: 'cv',
    object_path: `${id}/${fileId}`,
    file_name: fileName,
    content_type: 'application/pdf',
    size_bytes: bytes.byteLength,
  });
  if (file.error) throw file.error;
  return { id, name, email, cv: { id: fileId, fileName, bytes } };
}

/**
 * Deletes what earlier runs seeded under these vacancy slugs (the e2e data folder outlives a run),
 * files first, as the site does. Each test uses slugs of its own, so tests running side by side
 * never clear each other's applications.
 */
export async function clearApplications(vacancySlugs: string[]): Promise<void> {
  const admin = adminClient();
  const { data, error } = await admin.from('applications').select('id').in('vacancy_slug', vacancySlugs);
  if (error) throw error;
  const ids = (data as { id: string }[]).map((row) => row.id);
  if (ids.length === 0) return;
  const { data: files } = await admin.from('application_files').select('object_path').in('application_id', ids);
  const paths = ((files ?? []) as { object_path: string }[]).map((file) => file.object_path);
  if (paths.length > 0) await admin.storage.from('applications').remove(paths);
  const removed = await admin.from('applications').delete().in('id', ids);
  if (removed.error) throw removed.error;
}

export type StaffSession = { user: TestUser; id: string; accessToken: string };

/**
 * Signs a browser in as a new staff member at aal2: a verified authenticator app, then the
 * password and a code through the Auth API, with the session cookies the site itself would write.
 * `withCode: false` stops after the password (aal1), as someone who has not entered the code yet;
 * `roles` gives the account fewer than every staff role.
 */
export async function signInAsStaff(
  page: Page,
  { withCode = true, roles = STAFF_ROLES }: { withCode?: boolean; roles?: readonly StaffRole[] } = {},
): Promise<StaffSession> {
  const user = await createTestUser('staff', { staff: true, roles });
  const secret = await addTotpFactor(user);
  const cookies = new Map<string, string>();
  const client = createServerClient(backendUrl, ANON_KEY, {
    cookies: {
      getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
      setAll: (written) => {
        for (const { name, value, options } of written) {
          if (value === '' || options.maxAge === 0) cookies.delete(name);
          else cookies.set(name, value);
        }
      },
    },
  });
  const signedIn = await client.auth.signInWithPassword(user);
  if (signedIn.error) throw new Error(`could not sign in ${user.email}: ${signedIn.error.message}`);
  if (withCode) {
    const factorId = signedIn.data.user.factors?.find((factor) => factor.status === 'verified')?.id ?? '';
    // The enrolment used this step's code; a code is accepted once per factor, so take the next.
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: await totp(secret, 1) });
    if (verified.error) throw new Error(`could not verify the code for ${user.email}: ${verified.error.message}`);
  }
  const session = (await client.auth.getSession()).data.session;
  if (!session) throw new Error('no session');
  await page.context().addCookies([...cookies].map(([name, value]) => ({ name, value, url: baseURL })));
  return { user, id: session.user.id, accessToken: session.access_token };
}

/** supabase-js with exactly this access token, as a script replaying it against REST and Storage would. */
export function clientWithToken(token: string): SupabaseClient {
  return createClient(backendUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}
