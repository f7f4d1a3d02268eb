// @ts-check
import fileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

import { staticScriptPolicy } from './script-policy.mjs';
import { builtFromOldContent, renderedWithoutContent, syncContentVersions } from '../content/shared-content-tags.mjs';

/*
 * Next's own file-system cache for prerendered pages, plus two things. A page built from content
 * that has changed since, on any instance, counts as not cached (see
 * ../content/shared-content-tags.mjs), as does a page the build rendered without content. And every
 * page it hands out or
 * stores carries a Content-Security-Policy that allows exactly that page's inline scripts, by hash.
 *
 * Why here: a prerendered page cannot get a nonce (its HTML is the same for every visitor, which is
 * what lets a CDN cache it), and its inline scripts (Next's `self.__next_f.push(…)` payload) differ
 * per page and change when the page is regenerated: vacancies close by date, the copyright year
 * rolls over. A hash list computed once after the build would go stale at the first regeneration
 * and block the new page's scripts. The cache is where Next keeps each page's HTML together with
 * the headers it replays with it, so a policy computed here always belongs to the HTML it is served
 * with: at start-up (pages prerendered by `next build`), and whenever a page is regenerated.
 *
 * IMPORTANT: it extends a module from next/dist, which is not public API. If an upgrade of Next
 * moves it, `next build` fails to load this file; e2e/csp.spec.ts fails if pages lose their policy.
 */

/** @typedef {{ kind?: string, html?: unknown, headers?: Record<string, string | string[] | number | undefined> }} CachedValue */

const FileSystemCache = fileSystemCacheModule.default ?? fileSystemCacheModule;
const HEADER = 'content-security-policy';

/**
 * Sets the page's script policy on a cached page, in place: Next serves the entry it just stored
 * (on a miss) and the entry it reads back (on a hit) from the very object, headers included.
 * @param {CachedValue | null | undefined} value
 * @param {{ recompute: boolean }} options
 */
export function addStaticScriptPolicy(value, { recompute }) {
  if (!value || value.kind !== 'APP_PAGE' || typeof value.html !== 'string' || value.html === '') return;
  if (!recompute && value.headers?.[HEADER]) return;
  value.headers = { ...value.headers, [HEADER]: staticScriptPolicy(value.html) };
}

export default class StaticCspCacheHandler extends FileSystemCache {
  /** @param {Parameters<InstanceType<typeof FileSystemCache>['get']>} args */
  async get(...args) {
    await syncContentVersions();
    const entry = await super.get(...args);
    if (renderedWithoutContent(entry) || builtFromOldContent(entry)) return null;
    // Pages prerendered by the build are read from disk without a policy; compute it once, the
    // memory cache then hands out the same object with the header already on it.
    addStaticScriptPolicy(/** @type {CachedValue | undefined} */ (entry?.value), { recompute: false });
    return entry;
  }

  /** @param {Parameters<InstanceType<typeof FileSystemCache>['set']>} args */
  async set(...args) {
    // A regenerated page has new scripts: always compute its policy afresh.
    addStaticScriptPolicy(/** @type {CachedValue | null} */ (args[1]), { recompute: true });
    return super.set(...args);
  }
}
