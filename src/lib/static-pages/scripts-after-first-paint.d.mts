// Types for scripts-after-first-paint.mjs, which the cache handler loads at run time outside the bundler.
export declare const CHUNKS_ATTRIBUTE: string;
export declare function scriptsAfterFirstPaint(html: string): string;
