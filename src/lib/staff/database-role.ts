import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '@/lib/supabase/database.types';

import type { StaffRole } from './roles';

/**
 * Whether the session behind `supabase` holds `role` as Postgres sees it: has_staff_role() checks
 * aal2, a live session and the role read live, so a page's own check can never be looser than RLS.
 */
export async function hasStaffRoleInDatabase(supabase: SupabaseClient<Database>, role: StaffRole): Promise<boolean> {
  const { data, error } = await supabase.rpc('has_staff_role', { wanted: role });
  return error === null && data === true;
}
