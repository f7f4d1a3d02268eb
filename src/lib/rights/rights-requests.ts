import 'server-only';

import { strToU8, zipSync } from 'fflate';

import type { ServerSupabase } from '@/lib/auth/server-session';
import { rateLimitKey } from '@/lib/rate-limit';
import { createAdminClient } from '@/lib/supabase/admin';

import type { RightsSummary } from './rights-answer';
import {
  countsOf,
  downloadSubjectFiles,
  eraseSubjectData,
  findSubjectData,
  isStaffAccount,
  logRightsExport,
  recordRightsRequest,
  type IdentityCheck,
} from './subject-data';

export { readIdentityCheck, readSubjectEmail } from './subject-data';

/**
 * Whether the caller is an admin in the database's eyes: aal2, a live session and the role, read
 * live (has_staff_role). Everything below runs as the service, so this is the gate, not RLS.
 */
export async function isRightsAdmin(supabase: ServerSupabase): Promise<boolean> {
  const { data, error } = await supabase.rpc('has_staff_role', { wanted: 'admin' });
  if (error) console.error('[rights] could not check the admin role:', error.code);
  return data === true;
}

/** What the record keeps of the address: an HMAC, so a repeated request can be recognised, never read. */
const subjectKey = (email: string) => rateLimitKey('rights-request', email.toLowerCase());

/** How much is stored about the address, per kind; null when it could not all be read. */
export async function summarizeSubject(email: string): Promise<RightsSummary | null> {
  try {
    const data = await findSubjectData(createAdminClient(), email);
    const roles = data.account?.staff_roles;
    const staffRoles = Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
    return { counts: countsOf(data), staffActions: data.staffActions, staffRoles };
  } catch (error) {
    console.error('[rights] could not look up an address:', error instanceof Error ? error.message : 'unknown');
    return null;
  }
}

/** One zip: data.json with every row, and each stored file under files/; recorded. Null on failure. */
export async function exportSubject(email: string, actorId: string, identityCheck: IdentityCheck): Promise<Uint8Array | null> {
  const admin = createAdminClient();
  try {
    const data = await findSubjectData(admin, email);
    // Logged before anything is handed over: no entry, no export.
    if (!(await logRightsExport(admin, data, actorId))) return null;
    const files = await downloadSubjectFiles(admin, data);
    // Earlier requests about the same address belong to what is stored about the person, too.
    const earlier = await admin.rpc('rights_subject_requests', { key: subjectKey(email) });
    if (earlier.error) throw new Error(`could not read earlier requests: ${earlier.error.message}`);
    const exported = { ...data, rightsRequests: earlier.data };
    const entries: Record<string, Uint8Array> = { 'data.json': strToU8(JSON.stringify(exported, null, 2)) };
    for (const [objectPath, bytes] of files) entries[`files/${objectPath}`] = bytes;
    const archive = zipSync(entries);
    if (
      !(await recordRightsRequest(admin, { kind: 'export', actorId, subjectKey: subjectKey(email), counts: countsOf(data), identityCheck }))
    )
      return null;
    return archive;
  } catch (error) {
    console.error('[rights] could not export an address:', error instanceof Error ? error.message : 'unknown');
    return null;
  }
}

/**
 * Erases everything stored about the address and records that it did: 'failed' when any part
 * failed, 'staffAccount' (nothing erased) when the address is a staff account's, which staff
 * administration removes, so that the record of what staff did keeps its names until then.
 */
export async function eraseSubject(
  email: string,
  actorId: string,
  identityCheck: IdentityCheck,
): Promise<'erased' | 'staffAccount' | 'failed'> {
  const admin = createAdminClient();
  try {
    const data = await findSubjectData(admin, email);
    if (isStaffAccount(data)) return 'staffAccount';
    const result = await eraseSubjectData(admin, data);
    const recorded = await recordRightsRequest(admin, {
      kind: 'erasure',
      actorId,
      subjectKey: subjectKey(email),
      counts: result.erased,
      identityCheck,
    });
    return !result.failed && recorded ? 'erased' : 'failed';
  } catch (error) {
    console.error('[rights] could not erase an address:', error instanceof Error ? error.message : 'unknown');
    return 'failed';
  }
}
