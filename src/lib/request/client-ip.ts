import 'server-only';

import { createHash } from 'node:crypto';
import { headers } from 'next/headers';

/**
 * A stable, non-reversible key for the visitor's IP address, for rate limiting. The address
 * comes from the hosting platform's proxy headers (Vercel and most proxies set the first
 * X-Forwarded-For entry to the real client); raw IPs are never stored.
 */
export async function clientIpKey(): Promise<string> {
  const list = await headers();
  const forwarded = list.get('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || list.get('x-real-ip')?.trim() || 'unknown';
  return createHash('sha256').update(ip).digest('base64url').slice(0, 32);
}
