// Types for cache-handler.mjs, which Next loads at run time outside the bundler.
type CachedValue = {
  kind?: string;
  html?: unknown;
  status?: number;
  body?: unknown;
  data?: unknown;
  headers?: Record<string, string | string[] | number | undefined>;
};
type Entry = { value: CachedValue | null; lastModified: number; cacheControl?: unknown };

export declare const MAX_CACHE_BYTES: number;
export declare function isKept(value: CachedValue): boolean;
export declare function addScriptPolicy(value: CachedValue | null | undefined): void;
type Store = { entries: unknown; revalidatedAt: Map<string, number> };
export declare function createStore(maxBytes?: number): Store;

export default class PageCacheHandler {
  constructor(context?: unknown, store?: Store);
  get(key: string, context?: { tags?: unknown; softTags?: unknown }): Promise<Entry | null>;
  set(key: string, data: CachedValue | null, context?: { tags?: unknown; cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
