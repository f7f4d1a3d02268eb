'use client';

import { HeadManagerContext } from 'next/dist/shared/lib/head-manager-context.shared-runtime';
import { useContext } from 'react';

/**
 * The CSP nonce of the page being rendered, for inline scripts of our own. Next parses it from the
 * request's policy (set by the proxy on pages rendered per request) and hands it to its client
 * tree through this context, the way `next/script` reads it. Reading `headers()` instead would make
 * every page that renders the script dynamic, prerendered ones included.
 *
 * Undefined while prerendering (those pages allow their scripts by hash, see script-policy.mjs) and
 * in the browser, where nonces are hidden from the DOM anyway.
 *
 * IMPORTANT: the context comes from next/dist, not a public entry point; `next/script` depends on
 * the same module. docs/decisions/0021-the-script-nonce-from-next-s-context.md says why, and
 * scripts/lib/framework-boundary.test.ts fails on an installed Next that no longer has it.
 */
export function useScriptNonce(): string | undefined {
  return useContext(HeadManagerContext).nonce;
}
