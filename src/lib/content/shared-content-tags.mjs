// @ts-check
import http from 'node:http';
import https from 'node:https';

import tagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

/*
 * Content changes shared between instances. Each `npm start` keeps its own cache of pages, and
 * revalidateTag() only expires tags in the process that calls it. So contentChanged() also records
 * the change in Postgres (content_mark_changed()), and every instance's cache handler reads
 * content_changed_at() before it answers from its cache (at most once a second), writing each
 * change into Next's own tag manifest. A page or data entry cached before this process saw the change
 * is then expired exactly as if revalidateTag() had run here. content_changed_at() also counts a
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
 * POSTs to the REST API with node:http(s), not fetch: this runs inside Next's cache while a page
 * renders, and Next's patched fetch would count an uncached fetch there as dynamic use and turn the
 * static page into one rendered on every request.
 * @param {URL} url
 * @param {string} key
 * @returns {Promise<unknown>}
 */
function postRpc(url, key) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks = /** @type {Buffer[]} */ ([]);
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end('{}');
  });
}

/** The change time last seen per collection, as the database wrote it. */
const seen = new Map();

/**
 * Applies the shared change times to this process's tag manifest. A change expires the collection's
 * tag at the moment this process first sees it, on this process's clock: the database's clock is
 * another machine's (hosted Supabase), and a time ahead of ours would hold the expiry back until our
 * clock caught up, one behind would leave pages rendered in between looking current. What was cached
 * before the change was cached before we saw it; a page rendered in between is only rendered again.
 * A tag's expiry only moves forward, and a time already seen changes nothing.
 * @param {ReadonlyArray<{ collection: string, changed_at: string | null }>} rows
 * @param {number} [now] this process's time, as Next's tag manifest reads it
 */
export function applyChangeTimes(rows, now = performance.timeOrigin + performance.now()) {
  for (const { collection, changed_at: changedAt } of rows) {
    if (changedAt === null || seen.get(collection) === changedAt) continue;
    seen.set(collection, changedAt);
    const tag = `content:${collection}`;
    const entry = tagsManifest.get(tag) ?? {};
    if ((entry.expired ?? 0) < now) tagsManifest.set(tag, { ...entry, expired: now });
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
  // `next build` starts with an empty cache: nothing cached there can be older than a change.
  if (env.NEXT_PHASE === 'phase-production-build') return Promise.resolve();
  if (!url || !key || Date.now() - syncedAt < SYNC_INTERVAL_MS) return pending ?? Promise.resolve();
  pending ??= (async () => {
    try {
      const rows = await postRpc(new URL(`${url.replace(/\/+$/, '')}/rest/v1/rpc/content_changed_at`), key);
      if (!Array.isArray(rows)) throw new Error('unexpected answer');
      applyChangeTimes(rows);
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
