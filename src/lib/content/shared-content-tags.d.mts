export declare const CONTENT_UNAVAILABLE_TAG: 'content:unavailable';
export declare function applyChangeTimes(rows: ReadonlyArray<{ collection: string; changed_at: string | null }>, now?: number): void;
export declare function syncSharedContentTags(env?: Record<string, string | undefined>): Promise<void>;
export declare function renderedWithoutContent(entry: { value?: { headers?: Record<string, unknown> } | null } | null | undefined): boolean;
