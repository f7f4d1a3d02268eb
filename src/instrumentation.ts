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
}
