/**
 * Runs `task` once the browser is idle, so work that can wait (loading a library, fetching the
 * user) never competes with hydration or the first paint. Safari has no requestIdleCallback,
 * hence the timer. Returns a cancel function, ready to be an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    // The timeout bounds the wait on a page that never goes idle.
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}
