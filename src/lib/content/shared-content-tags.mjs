// @ts-check
import tagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

/*
 * Content changes shared between instances. Each `npm start` keeps its own cache of pages, and
 * revalidateTag() only expires tags in the process that calls it. So contentChanged() also records
 * the change in Postgres (content_mark_changed()), and every instance's cache handler reads
 * content_changed_at() before it answers from its cache (at most once a second), writing each
 * collection's time into Next's own tag manifest. A page or data entry cached before that time is
 * then expired exactly as if revalidateTag() had run here. content_changed_at() also counts a
 * scheduled revision coming due as a change, so no cached page outlives content_next_scheduled().
 *
 * IMPORTANT: the tag manifest is a module of next/dist, not public API (as is the file-system cache
 * the handler extends); e2e/instances.spec.ts fails if an upgrade moves it.
 */

/** @typedef {{ stale?: number, expired?: number }} TagEntry */
/** @type {Map<string, TagEntry>} */
const tagsManifest = (tagsManifestModule.default ?? tagsManifestModule).tagsManifest;

/** The tag of a page rendered by `next build` without content (backend out of reach): never served from the cache. */
export const CONTENT_UNAVAILABLE_TAG = 'content:unavailable';

const SYNC_INTERVAL_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;

let syncedAt = 0;
/** @type {Promise<void> | undefined} */
let pending;
let warned = false;

/**
 * Applies the shared change times to this process's tag manifest: a tag's expiry only moves forward.
 * @param {ReadonlyArray<{ collection: string, changed_at: string | null }>} rows
 */
export function applyChangeTimes(rows) {
  for (const { collection, changed_at: changedAt } of rows) {
    if (changedAt === null) continue;
    const at = Date.parse(changedAt);
    if (Number.isNaN(at)) continue;
    const tag = `content:${collection}`;
    const entry = tagsManifest.get(tag) ?? {};
    if ((entry.expired ?? 0) < at) tagsManifest.set(tag, { ...entry, expired: at });
  }
}

/**
 * Reads the shared change times, at most once per second per process; concurrent callers share one
 * request. When the backend cannot be reached, the cache keeps answering from what it knows.
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<void>}
 */
export function syncSharedContentTags(env = process.env) {
  const url = env.NEXT_PUBLIC_SUPABASE_URL;
  const key = env.NEXT_PUBLIC_SUPABASE_ANON_KEY || env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY;
  if (!url || !key || Date.now() - syncedAt < SYNC_INTERVAL_MS) return pending ?? Promise.resolve();
  pending ??= (async () => {
    try {
      const response = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/rpc/content_changed_at`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        // Not Next's patched fetch cache: this runs inside the cache itself.
        cache: 'no-store',
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      applyChangeTimes(await response.json());
      syncedAt = Date.now();
      warned = false;
    } catch (error) {
      // Try again on the next request, but say so only once per outage.
      if (!warned) console.warn(`Shared content cache state unavailable: ${error instanceof Error ? error.message : String(error)}`);
      warned = true;
    } finally {
      pending = undefined;
    }
  })();
  return pending;
}

/**
 * True for a cached page that was rendered without content.
 * @param {{ value?: { headers?: Record<string, unknown> } | null } | null | undefined} entry
 */
export function renderedWithoutContent(entry) {
  const tags = entry?.value?.headers?.['x-next-cache-tags'];
  return typeof tags === 'string' && tags.split(',').includes(CONTENT_UNAVAILABLE_TAG);
}
