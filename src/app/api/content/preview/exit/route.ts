import { draftMode } from 'next/headers';
import type { NextRequest } from 'next/server';

import { safeNextPath } from '@/lib/security/safe-redirect';

/** GET /api/content/preview/exit?path=<path>: leaves draft mode and returns to that page of this site. */
export async function GET(request: NextRequest) {
  (await draftMode()).disable();
  const location = safeNextPath(request.nextUrl.searchParams.get('path'), '/');
  return new Response(null, { status: 307, headers: { 'Cache-Control': 'private, no-store', Location: location } });
}
