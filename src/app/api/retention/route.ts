import { NextResponse } from 'next/server';

import { runMailOutbox } from '@/lib/mail/mail-outbox';
import {
  purgeExpiredApplications,
  purgeOldApplicationAccessLog,
  purgeOldApplicationDrafts,
  purgeOldContactMessages,
  purgeOldRateLimitHits,
  purgeOldRightsRequests,
  purgeOldSiteCapTrips,
} from '@/lib/recruiting/retention';
import { NO_STORE, refuseUnscheduledCall } from '@/lib/request/scheduled-call';

/**
 * The scheduled tick: the mail outbox (what is due is sent, what failed is retried), applications
 * past their period or never completed (with their files and notes), files that belong to no
 * application, application drafts after an hour, contact messages a year after the last contact,
 * application access log entries after a year, the record of rights requests after five years, and
 * rate-limit hits after a day. Hosted projects
 * call it every five minutes with pg_cron and pg_net (README, "Retention"); the same call works
 * against the embedded backend. Only with `Authorization: Bearer <CRON_SECRET>`; without a
 * configured secret the route does not exist. The answer holds counts, never ids or names.
 */
export async function POST(request: Request) {
  const refused = refuseUnscheduledCall(request);
  if (refused !== null) return refused;

  const [mails, applications, drafts, contactMessages, rateLimitHits, accessLog, capTrips, rightsRequests] = await Promise.all([
    runMailOutbox(),
    purgeExpiredApplications(),
    purgeOldApplicationDrafts(),
    purgeOldContactMessages(),
    purgeOldRateLimitHits(),
    purgeOldApplicationAccessLog(),
    purgeOldSiteCapTrips(),
    purgeOldRightsRequests(),
  ]);
  const summary = {
    mails: { sent: mails.sent, retrying: mails.retrying, gaveUp: mails.gaveUp, failed: !mails.ok },
    applications: { deleted: applications.applications.deleted.length, failed: applications.applications.failed.length },
    untrackedFiles: applications.untrackedObjects,
    applicationDrafts: drafts === null ? { deleted: 0, failed: true } : { deleted: drafts, failed: false },
    contactMessages: contactMessages === null ? { deleted: 0, failed: true } : { deleted: contactMessages, failed: false },
    rateLimitHits: rateLimitHits === null ? { deleted: 0, failed: true } : { deleted: rateLimitHits, failed: false },
    applicationAccessLog: accessLog === null ? { deleted: 0, failed: true } : { deleted: accessLog, failed: false },
    siteCapTrips: capTrips === null ? { deleted: 0, failed: true } : { deleted: capTrips, failed: false },
    rightsRequests: rightsRequests === null ? { deleted: 0, failed: true } : { deleted: rightsRequests, failed: false },
  };
  const failed =
    !mails.ok ||
    !applications.ok ||
    drafts === null ||
    contactMessages === null ||
    rateLimitHits === null ||
    accessLog === null ||
    capTrips === null ||
    rightsRequests === null;
  // 503 when part of it failed, so the scheduler's log shows it; what is left waits for the next run.
  return NextResponse.json(summary, { status: failed ? 503 : 200, headers: NO_STORE });
}
