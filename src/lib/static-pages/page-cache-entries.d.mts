// Types for page-cache-entries.mjs, which the cache handler loads at run time outside the bundler.
export interface PageCacheEntry {
  lastModified: number;
  tags: string[];
}
export declare function notePageEntry(
  key: string,
  entry: { lastModified?: number; value?: { kind?: string; html?: unknown; headers?: Record<string, unknown> } | null } | null | undefined,
): void;
export declare function pageCacheEntryOf(html: string): PageCacheEntry | undefined;
