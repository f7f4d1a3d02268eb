import 'server-only';

import { createAdminClient } from '@/lib/supabase/admin';

/**
 * Counts one hit against a bucket in Postgres (public.consume_rate_limit) and says whether it
 * is within the limit. Returns null when the limit could not be checked (database unreachable,
 * or no service-role key): the caller decides whether to fail open.
 */
export async function consumeRateLimit(bucket: string, maxHits: number, windowSeconds: number): Promise<boolean | null> {
  const { data, error } = await createAdminClient().rpc('consume_rate_limit', {
    bucket,
    max_hits: maxHits,
    window_seconds: windowSeconds,
  });
  if (error || typeof data !== 'boolean') {
    console.error('[rate-limit] could not check the limit:', error?.message ?? data);
    return null;
  }
  return data;
}
