import 'server-only';

import { createAdminClient } from '@/lib/supabase/admin';

import { COLLECTIONS, isCollection, type Collection } from './collections';
import { contentChanged } from './content-changed';

export type TickResult = { ok: true; promoted: Record<Collection, number> } | { ok: false };

/**
 * Makes every scheduled revision that is due the live one (service role; the database writes an
 * audit row for each), then has this instance render its pages again (contentChanged).
 */
export async function promoteDueContent(): Promise<TickResult> {
  const admin = createAdminClient();
  const { data, error } = await admin.rpc('content_promote_due');
  if (error !== null) {
    console.error(`Scheduled content could not be promoted: ${error.message}`);
    return { ok: false };
  }
  const promoted: Record<Collection, number> = { blog: 0, vacancies: 0, cases: 0, pages: 0 };
  for (const row of data) {
    if (isCollection(row.collection)) promoted[row.collection] = row.promoted;
  }
  for (const collection of COLLECTIONS) {
    if (promoted[collection] > 0) await contentChanged(collection);
  }
  return { ok: true, promoted };
}
