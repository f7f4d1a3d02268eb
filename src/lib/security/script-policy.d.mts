// Types for script-policy.mjs, which stays plain JavaScript so the cache handler can load it at run time.
export declare const ANALYTICS_SCRIPT_ORIGIN: string;
export declare function scriptHash(code: string): string;
export declare function inlineScriptHashes(html: string): string[];
export declare function staticScriptPolicy(html: string): string;
export declare function nonceScriptPolicy(nonce: string, options?: { hashes?: readonly string[]; development?: boolean }): string;
