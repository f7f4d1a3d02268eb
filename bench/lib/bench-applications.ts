import type { SupabaseClient } from '@supabase/supabase-js';

import { deleteApplicationsWith } from '../../src/lib/recruiting/application-deletion';

/** Deletes the applications a bench sent, found by their e-mail address (a LIKE pattern), with their files and notes. */
export async function deleteBenchApplications(admin: SupabaseClient, emailPattern: string): Promise<void> {
  const { data } = await admin.from('applications').select('id').like('email', emailPattern);
  if (data && data.length > 0)
    await deleteApplicationsWith(
      admin,
      data.map((row: { id: string }) => row.id),
    );
}
