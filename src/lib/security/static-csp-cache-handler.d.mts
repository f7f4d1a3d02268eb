// Types for static-csp-cache-handler.mjs, which Next loads at run time outside the bundler.
type CachedValue = { kind?: string; html?: unknown; status?: number; headers?: Record<string, string | string[] | number | undefined> };

export declare function prepareStaticPage(value: CachedValue | null | undefined): void;

export default class StaticCspCacheHandler {
  constructor(context: Record<string, unknown>);
  get(key: string, context: Record<string, unknown>): Promise<{ value: CachedValue | null; lastModified?: number } | null>;
  set(key: string, data: CachedValue | null, context: Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
