// @ts-check
import fileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

import { staticScriptPolicy } from './script-policy.mjs';
import { builtFromOldContent, renderedWithoutContent, syncContentVersions } from '../content/shared-content-tags.mjs';
import { notePageEntry } from '../static-pages/page-cache-entries.mjs';
import { scriptsAfterFirstPaint } from '../static-pages/scripts-after-first-paint.mjs';

/*
 * Next's own file-system cache for prerendered pages, plus four things. A page built from content
 * that has changed since, on any instance, counts as not cached (see
 * ../content/shared-content-tags.mjs), as does a page the build rendered without content. Every
 * page it hands out or stores starts its chunk scripts after its first paint
 * (../static-pages/scripts-after-first-paint.mjs). Every such page carries a
 * Content-Security-Policy that allows exactly that page's inline scripts, by hash. And each page it
 * hands out is noted with its age and tags (../static-pages/page-cache-entries.mjs), for the
 * production server to answer repeat visits with while Next would still call it fresh.
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

/** @typedef {{ kind?: string, html?: unknown, status?: number, headers?: Record<string, string | string[] | number | undefined> }} CachedValue */

const FileSystemCache = fileSystemCacheModule.default ?? fileSystemCacheModule;
const HEADER = 'content-security-policy';

/** Pages already readied: the memory cache hands out the same object on every hit. */
const prepared = new WeakSet();

/**
 * Readies a cached page for serving, in place and once per object: its chunk scripts after the
 * first paint, then its script policy. Next serves the entry it reads back (on a hit) from the very
 * object, headers included; an entry read from disk (prerendered by the build, or stored by an
 * earlier version of this code) is a new object and is readied on its first read. On a miss Next
 * serves the render it has and stores a copy, so that first answer keeps Next's own script tags
 * under the new policy: its inline scripts are the same, and the chunks are same-origin files,
 * which the policy allows.
 * @param {CachedValue | null | undefined} value
 */
export function prepareStaticPage(value) {
  if (!value || value.kind !== 'APP_PAGE' || typeof value.html !== 'string' || value.html === '') return;
  if (prepared.has(value)) return;
  // Error pages keep their scripts as they are: the browser may render them by itself, where an
  // inline loader would not run.
  if (value.status === undefined || value.status === 200) value.html = scriptsAfterFirstPaint(value.html);
  value.headers = { ...value.headers, [HEADER]: staticScriptPolicy(value.html) };
  prepared.add(value);
}

export default class StaticCspCacheHandler extends FileSystemCache {
  /** @param {Parameters<InstanceType<typeof FileSystemCache>['get']>} args */
  async get(...args) {
    await syncContentVersions();
    const entry = await super.get(...args);
    if (renderedWithoutContent(entry) || builtFromOldContent(entry)) {
      notePageEntry(args[0], null);
      return null;
    }
    prepareStaticPage(/** @type {CachedValue | undefined} */ (entry?.value));
    notePageEntry(args[0], entry);
    return entry;
  }

  /** @param {Parameters<InstanceType<typeof FileSystemCache>['set']>} args */
  async set(...args) {
    // A regenerated page arrives as a new object, with new scripts: readied afresh.
    prepareStaticPage(/** @type {CachedValue | null} */ (args[1]));
    return super.set(...args);
  }
}
