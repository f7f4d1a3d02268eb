// The site-wide caps: circuit breakers that refuse every visitor once all of them together reach
// the limit within the window (consumeSiteCap in rate-limit.ts). Admins see each one's use and its
// refusals on /account/staff. Free of server-only imports, so tests can name them.

import {
  APPLICATION_SITE_RATE_LIMIT,
  DRAFT_SITE_BUCKET,
  DRAFT_SITE_LIMIT,
  SITE_BUCKET as APPLICATION_SITE_BUCKET,
  UPLOAD_BUCKET,
  UPLOAD_BUDGET,
} from './applications/application-limits';
import { CONTACT_SITE_RATE_LIMIT, SITE_BUCKET as CONTACT_SITE_BUCKET } from './contact/contact-limits';

export type SiteCap = {
  /** The rate-limit bucket, also the name public.site_cap_trips and public.site_cap_usage know it by. */
  bucket: typeof CONTACT_SITE_BUCKET | typeof APPLICATION_SITE_BUCKET | typeof UPLOAD_BUCKET | typeof DRAFT_SITE_BUCKET;
  /** Hits per window; for the upload budget, mebibytes. */
  limit: number;
  windowSeconds: number;
  unit: 'count' | 'mebibytes';
};

export type SiteCapBucket = SiteCap['bucket'];

/** Every site-wide cap with the limit this server applies (the application cap is a setting, APPLICATION_SITE_CAP_PER_HOUR). */
export function siteCaps(applicationSiteCap: number = APPLICATION_SITE_RATE_LIMIT.maxApplications): SiteCap[] {
  return [
    {
      bucket: CONTACT_SITE_BUCKET,
      limit: CONTACT_SITE_RATE_LIMIT.maxMessages,
      windowSeconds: CONTACT_SITE_RATE_LIMIT.windowSeconds,
      unit: 'count',
    },
    {
      bucket: APPLICATION_SITE_BUCKET,
      limit: applicationSiteCap,
      windowSeconds: APPLICATION_SITE_RATE_LIMIT.windowSeconds,
      unit: 'count',
    },
    { bucket: UPLOAD_BUCKET, limit: UPLOAD_BUDGET.maxMebibytes, windowSeconds: UPLOAD_BUDGET.windowSeconds, unit: 'mebibytes' },
    { bucket: DRAFT_SITE_BUCKET, limit: DRAFT_SITE_LIMIT.maxDrafts, windowSeconds: DRAFT_SITE_LIMIT.windowSeconds, unit: 'count' },
  ];
}

export type SiteCapUse = SiteCap & { used: number };
export type SiteCapTrip = { bucket: SiteCapBucket; minute: string; lastAt: string; refusals: number; limit: number };
/** How many minutes with refusals the admins' page lists. */
export const SITE_CAP_TRIP_ROWS = 20;
