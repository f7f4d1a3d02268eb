import { NextResponse } from 'next/server';

import { promoteDueContent } from '@/lib/content/content-tick';
import { getCronSecret, isCronAuthorization } from '@/lib/env/cron-secret';

const noStore = { 'Cache-Control': 'no-store' };

/**
 * POST /api/content/tick, the scheduler's call (README, "Content"): scheduled revisions that are due
 * go live and their pages are rebuilt. Visitors see a due revision even without it (the database
 * decides at read time and cached pages expire at the scheduled time); the tick makes the editor's
 * status and the audit trail say so. Only with `Authorization: Bearer <CRON_SECRET>`; without a
 * configured secret the route does not exist.
 */
export async function POST(request: Request) {
  const secret = getCronSecret();
  if (secret === undefined) return new NextResponse(null, { status: 404, headers: noStore });
  if (!isCronAuthorization(request.headers.get('authorization'), secret)) {
    return new NextResponse(null, { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer' } });
  }
  const result = await promoteDueContent();
  if (!result.ok) return NextResponse.json({ failed: true }, { status: 503, headers: noStore });
  return NextResponse.json({ promoted: result.promoted }, { headers: noStore });
}
