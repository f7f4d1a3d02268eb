import { randomUUID } from 'node:crypto';

import type { SupabaseClient } from '@supabase/supabase-js';
import { generate } from 'otplib';

import type { TestBackend } from '../../local-supabase/test/helpers';
import { hashEnrolmentToken, issueEnrolmentWithServiceRole } from '../../src/lib/staff/enrolment-token';
import { STAFF_ROLES, type StaffRole } from '../../src/lib/staff/roles';

// The roles the RLS tests sign in as, shared by every file in supabase/tests.

export type Account = { email: string; password: string };

/** A client of its own, signed in with the password alone (aal1). */
export async function signedIn(backend: TestBackend, account: Account): Promise<{ client: SupabaseClient; id: string }> {
  const client = backend.client();
  const { data, error } = await client.auth.signInWithPassword(account);
  if (error !== null || data.user === null) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

/**
 * A new staff account with a verified TOTP factor and the given roles (all by default), signed in at aal2. It enrols the way a
 * real account does: the service role issues an enrolment link (as `npm run users -- create --staff` does), and the staff member
 * redeems it with the factor they verified. Each code comes from its own 30-second step, so a backend that refuses a reused code
 * still accepts it.
 */
export async function staffWithFactor(
  backend: TestBackend,
  roles: readonly StaffRole[] = STAFF_ROLES,
): Promise<{ account: Account; id: string; aal2: SupabaseClient; secret: string; factorId: string }> {
  const account = { email: `staff-${randomUUID().slice(0, 8)}@bitwerf.nl`, password: `pw-${randomUUID()}` };
  const created = await backend
    .admin()
    .auth.admin.createUser({ ...account, email_confirm: true, app_metadata: { role: 'staff', staff_roles: roles } });
  if (created.error !== null) throw created.error;
  const { token } = await issueEnrolmentWithServiceRole(backend.admin(), created.data.user.id);
  const { client: aal2, id } = await signedIn(backend, account);
  const enrolled = await aal2.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
  if (enrolled.error !== null) throw enrolled.error;
  const { secret } = enrolled.data.totp;
  const verified = await aal2.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: await generate({ secret }) });
  if (verified.error !== null) throw verified.error;
  const completed = await aal2.rpc('complete_staff_enrolment', { token_hash: hashEnrolmentToken(token), factor_id: enrolled.data.id });
  if (completed.error !== null || completed.data !== true) throw completed.error ?? new Error('enrolment link not redeemed');
  return { account, id, aal2, secret, factorId: enrolled.data.id };
}
