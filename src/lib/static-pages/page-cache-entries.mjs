// @ts-check
import { cacheTags } from '../content/shared-content-tags.mjs';

/*
 * The pages the cache handler last handed to Next, found by their HTML: when each was stored and
 * which cache tags it carries. Those are the facts Next weighs to call a cached page fresh, and a
 * response carries the HTML but neither of them. The production server (server/lib/prerendered-pages.ts)
 * reads them to answer a repeat visit to a prerendered page without Next, for exactly as long as
 * Next would answer it from its cache.
 *
 * One page per cache key: a regenerated page replaces the note on the one before it, so the notes
 * grow with the pages Next holds, not with time. Each note keeps its page's HTML, the same string
 * Next's memory cache holds while the page is in it. Under `next start` and the standalone server
 * nothing reads the notes.
 *
 * The state lives on globalThis: Next loads the cache handler as its own module, and the server
 * bundles a second copy of this file; both must see one set of notes.
 */

/** @typedef {{ lastModified: number, tags: string[] }} PageCacheEntry */
/** @typedef {{ byHtml: Map<string, PageCacheEntry>, htmlByKey: Map<string, string> }} Notes */

const STATE = Symbol.for('bitwerf.pageCacheEntries');
const holder = /** @type {typeof globalThis & { [STATE]?: Notes }} */ (globalThis);
/** @type {Notes} */
const notes = (holder[STATE] ??= { byHtml: new Map(), htmlByKey: new Map() });

/**
 * Notes the page the cache handler is about to hand Next for `key`. Anything else (routes, fetches,
 * a miss, an entry Next is told to regenerate before use) clears the key's note.
 * @param {string} key
 * @param {{ lastModified?: number, value?: { kind?: string, html?: unknown, headers?: Record<string, unknown> } | null } | null | undefined} entry
 */
export function notePageEntry(key, entry) {
  const previous = notes.htmlByKey.get(key);
  const html = entry?.value?.kind === 'APP_PAGE' ? entry.value.html : undefined;
  if (previous !== undefined && previous !== html) {
    notes.byHtml.delete(previous);
    notes.htmlByKey.delete(key);
  }
  // Next reads a lastModified of -1 as "regenerate now" (incremental-cache/index.js).
  if (typeof html !== 'string' || html === '' || typeof entry?.lastModified !== 'number' || entry.lastModified <= 0) return;
  notes.htmlByKey.set(key, html);
  notes.byHtml.set(html, { lastModified: entry.lastModified, tags: cacheTags(entry) });
}

/**
 * The note on the cached page whose HTML this is, if the cache handler handed it out.
 * @param {string} html
 * @returns {PageCacheEntry | undefined}
 */
export function pageCacheEntryOf(html) {
  return notes.byHtml.get(html);
}
