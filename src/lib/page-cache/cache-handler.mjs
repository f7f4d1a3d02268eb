// @ts-check
import { LRUCache } from 'lru-cache';

import { staticScriptPolicy } from '../security/script-policy.mjs';

/*
 * Next's cache for pages, route handlers and data, through its documented `cacheHandler`
 * interface (get, set, revalidateTag, resetRequestCache), in this process's memory.
 *
 * Memory, not disk or a shared store: a public page lives for seconds (./lifetimes.mjs), so every
 * instance renders each page again within the editor's promise on its own, and a store shared
 * between instances would only save a render per page every few seconds. The cache is bounded by
 * size, so a visitor who asks for many different addresses can push pages out, never fill memory.
 *
 * Three rules of the site's own:
 * - Only a page that rendered as 200 is kept. A 404 (a slug nobody published) or an error is
 *   rendered for each request and stored nowhere: its address is whatever a visitor typed.
 * - Each page is stored with a Content-Security-Policy that lets exactly its own inline scripts run,
 *   by hash. A cached page cannot carry a nonce (its HTML is the same for everyone), and its
 *   inline scripts (Next's `self.__next_f.push(…)` payload) change with every render, so the policy
 *   is computed from the very HTML it is served with.
 * - revalidateTag() makes every entry carrying the tag that was stored before the call a miss.
 *
 * Plain JavaScript: Next loads this file at run time, outside its bundler.
 */

/** How much this process keeps at most, in bytes (estimated from the stored text and buffers). */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;

const CSP_HEADER = 'content-security-policy';
const TAGS_HEADER = 'x-next-cache-tags';

/**
 * @typedef {{ kind?: string, html?: unknown, status?: number, body?: unknown, rscData?: unknown,
 *   segmentData?: unknown, data?: unknown, buffer?: unknown,
 *   headers?: Record<string, string | string[] | number | undefined> }} CachedValue
 * @typedef {{ value: CachedValue, lastModified: number, tags: string[], cacheControl?: unknown }} Entry
 */

/** @param {unknown} part */
function bytesOf(part) {
  if (typeof part === 'string') return part.length;
  if (part instanceof Uint8Array) return part.byteLength;
  if (part instanceof Map) return [...part.values()].reduce((sum, value) => sum + bytesOf(value), 0);
  return 0;
}

/** @param {Entry} entry */
function sizeOf(entry) {
  const { value } = entry;
  const fetched = value.kind === 'FETCH' ? JSON.stringify(value.data ?? null).length : 0;
  const size = bytesOf(value.html) + bytesOf(value.rscData) + bytesOf(value.segmentData) + bytesOf(value.body) + bytesOf(value.buffer);
  return Math.max(1, size + fetched);
}

/**
 * Whether Next may keep this value: pages and route handlers only when they answered 200.
 * @param {CachedValue} value
 */
export function isKept(value) {
  if (value.kind === 'APP_PAGE' || value.kind === 'APP_ROUTE') return (value.status ?? 200) === 200;
  return true;
}

/**
 * Gives a rendered page the script policy of its HTML, in place (Next answers the first request
 * from the object it stores). Anything but a page with HTML is left alone.
 * @param {CachedValue | null | undefined} value
 */
export function addScriptPolicy(value) {
  if (!value || value.kind !== 'APP_PAGE' || typeof value.html !== 'string' || value.html === '') return;
  value.headers = { ...value.headers, [CSP_HEADER]: staticScriptPolicy(value.html) };
}

/**
 * The string tags in a tag list Next hands over; anything else in it is not a tag.
 * @param {unknown} list
 * @returns {string[]}
 */
function stringTags(list) {
  return Array.isArray(list) ? list.filter((tag) => typeof tag === 'string') : [];
}

/**
 * The tags of a stored value: a page's or route's from the header Next stores with it, data's from
 * the context it was stored with.
 * @param {CachedValue} value
 * @param {unknown} contextTags
 * @returns {string[]}
 */
function tagsOf(value, contextTags) {
  const header = value.headers?.[TAGS_HEADER];
  const fromHeader = typeof header === 'string' ? header.split(',') : [];
  return [...fromHeader, ...stringTags(contextTags)];
}

/**
 * The store, one per process: Next makes a new handler for every request, so it cannot live in one.
 * @param {number} maxBytes
 */
export function createStore(maxBytes = MAX_CACHE_BYTES) {
  return {
    /** @type {LRUCache<string, Entry>} */
    entries: new LRUCache({ maxSize: maxBytes, sizeCalculation: sizeOf }),
    /** When each tag was last revalidated. The tags are the site's own, named in code. @type {Map<string, number>} */
    revalidatedAt: new Map(),
  };
}

const processStore = createStore();

export default class PageCacheHandler {
  #entries;
  #revalidatedAt;

  /**
   * @param {unknown} [_context] Next's options for its own handler; this one needs none.
   * @param {ReturnType<typeof createStore>} [store] The process's store unless a test brings its own.
   */
  constructor(_context, store = processStore) {
    this.#entries = store.entries;
    this.#revalidatedAt = store.revalidatedAt;
  }

  /**
   * @param {string} key
   * @param {{ tags?: unknown, softTags?: unknown }} [context]
   */
  async get(key, context = {}) {
    const entry = this.#entries.get(key);
    if (entry === undefined) return null;
    const tags = [...entry.tags, ...stringTags(context.tags), ...stringTags(context.softTags)];
    if (tags.some((tag) => (this.#revalidatedAt.get(tag) ?? -Infinity) >= entry.lastModified)) {
      this.#entries.delete(key);
      return null;
    }
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  /**
   * @param {string} key
   * @param {CachedValue | null} data
   * @param {{ tags?: unknown, cacheControl?: unknown }} [context]
   */
  async set(key, data, context = {}) {
    // Before the keep-or-not decision: Next answers this request from the object it hands over.
    addScriptPolicy(data);
    if (data === null || !isKept(data)) {
      this.#entries.delete(key);
      return;
    }
    this.#entries.set(key, { value: data, lastModified: Date.now(), tags: tagsOf(data, context.tags), cacheControl: context.cacheControl });
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    const now = Date.now();
    for (const tag of Array.isArray(tags) ? tags : [tags]) this.#revalidatedAt.set(tag, now);
  }

  resetRequestCache() {}
}
