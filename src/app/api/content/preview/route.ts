import { draftMode } from 'next/headers';
import type { NextRequest } from 'next/server';

import { routing } from '@/i18n/routing';
import { entryPath } from '@/lib/content/preview-paths';
import { hasStaffRoleInDatabase } from '@/lib/staff/database-role';
import { createClient } from '@/lib/supabase/server';
import { isUuid } from '@/lib/uuid';

const personal = { 'Cache-Control': 'private, no-store' };

/**
 * GET /api/content/preview?entry=<uuid>&locale=<nl|en>, linked from the editor: for content staff at
 * aal2 (checked by Postgres), turns on draft mode and sends them to the entry's public URL, where
 * the page shows the working copy. Anyone else gets a 404, as for an entry that does not exist.
 */
export async function GET(request: NextRequest) {
  const entry = request.nextUrl.searchParams.get('entry');
  const locale = routing.locales.find((l) => l === request.nextUrl.searchParams.get('locale'));
  if (!isUuid(entry) || locale === undefined) return new Response(null, { status: 400, headers: personal });

  const supabase = await createClient();
  if (!(await hasStaffRoleInDatabase(supabase, 'content'))) return new Response(null, { status: 404, headers: personal });
  // Read with the editor's own session: RLS shows the entry to content staff only.
  const { data } = await supabase.from('content_entries').select('collection, slug').eq('id', entry).maybeSingle();
  const collection = data?.collection === 'blog' || data?.collection === 'vacancies' ? data.collection : undefined;
  if (data === null || collection === undefined) return new Response(null, { status: 404, headers: personal });

  (await draftMode()).enable();
  return new Response(null, { status: 307, headers: { ...personal, Location: entryPath(collection, data.slug, locale) } });
}
