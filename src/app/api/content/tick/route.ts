import { NextResponse } from 'next/server';

import { promoteDueContent } from '@/lib/content/content-tick';
import { NO_STORE, refuseUnscheduledCall } from '@/lib/request/scheduled-call';

/**
 * POST /api/content/tick, the scheduler's call (README, "Content"): scheduled revisions that are due
 * go live and their pages are rebuilt. Visitors see a due revision even without it (the database
 * decides at read time and cached pages expire at the scheduled time); the tick makes the editor's
 * status and the audit trail say so. Only with `Authorization: Bearer <CRON_SECRET>`; without a
 * configured secret the route does not exist.
 */
export async function POST(request: Request) {
  const refused = refuseUnscheduledCall(request);
  if (refused !== null) return refused;
  const result = await promoteDueContent();
  if (!result.ok) return NextResponse.json({ failed: true }, { status: 503, headers: NO_STORE });
  return NextResponse.json({ promoted: result.promoted }, { headers: NO_STORE });
}
