import { draftMode } from 'next/headers';
import type { NextRequest } from 'next/server';

import { routing } from '@/i18n/routing';
import { isCollection } from '@/lib/content/collections';
import { entryPath } from '@/lib/content/preview-paths';
import { isSameOriginRequest } from '@/lib/request/same-origin';
import { hasStaffRoleInDatabase } from '@/lib/staff/database-role';
import { createClient } from '@/lib/supabase/server';
import { isUuid } from '@/lib/uuid';

const personal = { 'Cache-Control': 'private, no-store' };

/**
 * POST /api/content/preview with the form fields entry=<uuid> and locale=<nl|en>, the editor's
 * preview button: for content staff at aal2 (checked by Postgres), turns on draft mode and sends
 * them to the entry's public URL, where the page shows the working copy. Anyone else gets a 404, as
 * for an entry that does not exist. A POST from this site only (its Origin, or Sec-Fetch-Site): a
 * link or a form on another site cannot turn draft mode on for an editor who happens to be signed
 * in (security review 3, I5). A GET is answered 405 by Next.
 */
export async function POST(request: NextRequest) {
  if (!isSameOriginRequest(request.headers)) return new Response(null, { status: 403, headers: personal });
  const form = await request.formData().catch(() => null);
  const entry = form instanceof FormData ? form.get('entry') : null;
  const requested = form instanceof FormData ? form.get('locale') : null;
  const locale = routing.locales.find((l) => l === requested);
  if (!isUuid(entry) || locale === undefined) return new Response(null, { status: 400, headers: personal });

  const supabase = await createClient();
  if (!(await hasStaffRoleInDatabase(supabase, 'content'))) return new Response(null, { status: 404, headers: personal });
  // Read with the editor's own session: RLS shows the entry to content staff only.
  const { data } = await supabase.from('content_entries').select('collection, slug').eq('id', entry).maybeSingle();
  const collection = data?.collection;
  if (data === null || !isCollection(collection)) return new Response(null, { status: 404, headers: personal });

  (await draftMode()).enable();
  // 303: the browser follows with a GET.
  return new Response(null, { status: 303, headers: { ...personal, Location: entryPath(collection, data.slug, locale) } });
}
