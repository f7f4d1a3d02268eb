export declare const CONTENT_UNAVAILABLE_TAG: 'content:unavailable';
export declare function applyChangeTimes(rows: ReadonlyArray<{ collection: string; changed_at: string | null }>): void;
export declare function contentVersionTag(collection: string): string;
export declare function builtFromOldContent(entry: { value?: { headers?: Record<string, unknown> } | null } | null | undefined): boolean;
export declare function tagsFromOldContent(tags: ReadonlyArray<string>): boolean;
export declare function cacheTags(entry: { value?: { headers?: Record<string, unknown> } | null } | null | undefined): string[];
export declare function syncContentVersions(env?: Record<string, string | undefined>): Promise<void>;
export declare function renderedWithoutContent(entry: { value?: { headers?: Record<string, unknown> } | null } | null | undefined): boolean;
