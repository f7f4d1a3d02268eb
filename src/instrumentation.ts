import { serverCompresses } from '../server/lib/server-compresses';

/**
 * Runs once when a server starts. A production server checks its configuration before it takes a
 * request, so a missing secret or an untrustworthy client address stops the start with a message
 * that names the setting, instead of failing (or sharing one rate limit) at the first visitor.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NODE_ENV !== 'production') return;
  // `next build` loads this file too; the build serves nobody.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { checkServerConfiguration } = await import('@/lib/env/start-check');
  checkServerConfiguration();
  // Where Next compresses (`next start`, its standalone server), its ETags get a coding each. Our
  // own server tags per coding itself, and on Vercel the platform compresses.
  if (!serverCompresses(process.env) && process.env.VERCEL !== '1') {
    const { tagNextCompressionPerCoding } = await import('../server/lib/next-compression-etags');
    tagNextCompressionPerCoding();
  }
}
