// @ts-check
import http from 'node:http';
import https from 'node:https';

/*
 * Content changes shared between instances. Each `npm start` keeps its own cache of pages, and
 * revalidateTag() only expires tags in the process that calls it. So contentChanged() also records
 * the change in Postgres (content_mark_changed()), and each instance reads content_changed_at() (at
 * most once a second): the last change per collection, a scheduled revision coming due included.
 *
 * That time is used as a version, not as a clock. Everything built from a collection is tagged with
 * the version this instance knew when the content was read: the published rows are cached under it
 * (contentVersionTag() is in their key) and every page or feed that reads them carries it in its
 * cache tags. The cache handler serves a stored page only while its version is still the current
 * one. Comparing times instead fails when a render reads content just before this instance learns
 * of a change and is stored just after (Next stores a page, and the data it read, when the render
 * ends): the stale page would look newer than the change and be served until the next one.
 *
 * The state lives on globalThis: Next loads the cache handler as its own module, and bundles a
 * second copy of this file into the server code that renders pages; both must see one version.
 */

/** The tag of a page `next build` rendered without content (backend out of reach): never served from the cache. */
export const CONTENT_UNAVAILABLE_TAG = 'content:unavailable';

const SYNC_INTERVAL_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const VERSION_TAG = /^content:([a-z]+)@(.+)$/;
/** The version of a collection that has never changed since its import. */
const UNCHANGED = 'none';

/**
 * @typedef {{ versions: Map<string, string>, syncedAt: number, pending: Promise<void> | undefined, warned: boolean }} SharedState
 */
const STATE = Symbol.for('bitwerf.sharedContentVersions');
const holder = /** @type {typeof globalThis & { [STATE]?: SharedState }} */ (globalThis);
/** @type {SharedState} */
const state = (holder[STATE] ??= { versions: new Map(), syncedAt: 0, pending: undefined, warned: false });

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

/**
 * Takes the change times the database answered as this instance's current versions.
 * @param {ReadonlyArray<{ collection: string, changed_at: string | null }>} rows
 */
export function applyChangeTimes(rows) {
  for (const { collection, changed_at: changedAt } of rows) state.versions.set(collection, changedAt ?? UNCHANGED);
}

/**
 * The cache tag of the version of a collection this instance knows now. Content read after this
 * call is at least that new.
 * @param {string} collection
 */
export function contentVersionTag(collection) {
  return `content:${collection}@${state.versions.get(collection) ?? UNCHANGED}`;
}

/**
 * True for a cached page or route built from a version of a collection that is no longer current.
 * @param {{ value?: { headers?: Record<string, unknown> } | null } | null | undefined} entry
 */
export function builtFromOldContent(entry) {
  return tagsFromOldContent(cacheTags(entry));
}

/**
 * True when any of a page's cache tags names a version of a collection that is no longer current.
 * @param {ReadonlyArray<string>} tags
 */
export function tagsFromOldContent(tags) {
  return tags.some((tag) => {
    const match = VERSION_TAG.exec(tag);
    return match !== null && (state.versions.get(match[1]) ?? UNCHANGED) !== match[2];
  });
}

/**
 * Reads the shared change times, at most once per second per process; concurrent callers share one
 * request. When the backend cannot be reached, the versions stay as they were and the cache keeps
 * answering from what it has.
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<void>}
 */
export function syncContentVersions(env = process.env) {
  const url = env.NEXT_PUBLIC_SUPABASE_URL;
  const key = env.NEXT_PUBLIC_SUPABASE_ANON_KEY || env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY;
  if (!url || !key || Date.now() - state.syncedAt < SYNC_INTERVAL_MS) return state.pending ?? Promise.resolve();
  state.pending ??= (async () => {
    try {
      const rows = await postRpc(new URL(`${url.replace(/\/+$/, '')}/rest/v1/rpc/content_changed_at`), key);
      if (!Array.isArray(rows)) throw new Error('unexpected answer');
      applyChangeTimes(rows);
      state.syncedAt = Date.now();
      state.warned = false;
    } catch (error) {
      // Try again on the next request, but say so only once per outage. `next build` without a
      // backend says so per page already (read-published.ts).
      if (!state.warned && env.NEXT_PHASE !== 'phase-production-build') {
        console.warn(`Shared content versions unavailable: ${error instanceof Error ? error.message : String(error)}`);
      }
      state.warned = true;
    } finally {
      state.pending = undefined;
    }
  })();
  return state.pending;
}

/**
 * The cache tags a stored page or route carries.
 * @param {{ value?: { headers?: Record<string, unknown> } | null } | null | undefined} entry
 * @returns {string[]}
 */
export function cacheTags(entry) {
  const tags = entry?.value?.headers?.['x-next-cache-tags'];
  return typeof tags === 'string' ? tags.split(',') : [];
}

/**
 * True for a cached page that was rendered without content.
 * @param {{ value?: { headers?: Record<string, unknown> } | null } | null | undefined} entry
 */
export function renderedWithoutContent(entry) {
  return cacheTags(entry).includes(CONTENT_UNAVAILABLE_TAG);
}
