import 'server-only';

import type { Locale } from '@/i18n/routing';
import { contentChanged } from '@/lib/content/content-changed';
import { requireStaffRole } from '@/lib/staff/require-staff';

import type { Editor } from './types';

/**
 * The signed-in editor for a page or a server action: staff with the content role at aal2 (anyone
 * else is sent away), writing with their own cookie session, never the service role, and telling
 * the public pages when visitors' content changed.
 */
export async function editorSession(locale: Locale, returnPath: string): Promise<Editor> {
  const { supabase, user } = await requireStaffRole('content', locale, returnPath);
  return { supabase, userId: user.id, changed: contentChanged };
}
