import 'server-only';
import { NextResponse } from 'next/server';

import { getCronSecret, isCronAuthorization } from '@/lib/env/cron-secret';

/** What a scheduled route answers with: never cached, anywhere. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * The answer a scheduled route (retention, the content tick) gives a call it must not run, or null
 * when the call carries `Authorization: Bearer <CRON_SECRET>`. Without a configured secret the
 * route does not exist (404); a wrong or missing token gets 401 with a Bearer challenge.
 */
export function refuseUnscheduledCall(request: Request): NextResponse | null {
  const secret = getCronSecret();
  if (secret === undefined) return new NextResponse(null, { status: 404, headers: NO_STORE });
  if (!isCronAuthorization(request.headers.get('authorization'), secret)) {
    return new NextResponse(null, { status: 401, headers: { ...NO_STORE, 'WWW-Authenticate': 'Bearer' } });
  }
  return null;
}
