// @ts-check
import { createHash } from 'node:crypto';

/*
 * Which scripts a page may run: the second of the two Content-Security-Policy headers every page
 * carries (the first, from next.config.ts, says where everything else may come from; see
 * src/lib/security/headers.ts). Browsers enforce both, so each only has to be strict about its own part.
 *
 * IMPORTANT: plain JavaScript on purpose. The page cache (src/lib/page-cache/cache-handler.mjs) imports
 * this at run time, outside any bundler, and the proxy imports it through the bundler; one copy keeps
 * the two policies from drifting apart.
 */

/** Where the analytics tag comes from. It is only inserted after consent (see google-analytics.tsx). */
export const ANALYTICS_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

/** Directives every page policy repeats, so that the page policy reads as complete on its own. */
const ALWAYS = "object-src 'none'; base-uri 'self'";

// A raw-text element: its content runs to the first "</script", which Next and React escape inside
// strings, so a lazy match reads exactly the text the browser hashes.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;
const JAVASCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * Whether the browser would run an inline script with these attributes. Data blocks such as
 * JSON-LD (`type="application/ld+json"`) never run, so CSP does not apply to them.
 * @param {string} attributes
 */
function runsAsScript(attributes) {
  if (SRC_ATTRIBUTE.test(attributes)) return false;
  const match = TYPE_ATTRIBUTE.exec(attributes);
  const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim().toLowerCase();
  return JAVASCRIPT_TYPES.has(type);
}

/**
 * The CSP hash source of one inline script's text: what the browser computes over the element's
 * content to decide whether it may run.
 * @param {string} code
 */
export function scriptHash(code) {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/**
 * The CSP hash sources of every inline script in an HTML document, in document order and without
 * repeats: what a browser needs to let exactly these scripts run.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (!runsAsScript(attributes)) continue;
    hashes.add(scriptHash(content));
  }
  return [...hashes];
}

/**
 * The script policy of a prerendered page: its own inline scripts by hash, same-origin files (Next's
 * chunks) and the analytics tag. Nothing else runs, inline or injected. Computed from the very HTML
 * that is stored and served, so the policy and the page can never disagree.
 * @param {string} html
 */
export function staticScriptPolicy(html) {
  return `script-src 'self' ${[...inlineScriptHashes(html), ANALYTICS_SCRIPT_ORIGIN].join(' ')}; ${ALWAYS}`;
}

/**
 * The script policy of a page rendered per request. Next puts the nonce on its own scripts, the
 * layout's inline scripts are allowed by their hashes (they are constants, src/lib/security/page-scripts.ts),
 * and 'strict-dynamic' lets those scripts load what they need (chunks, the analytics tag); 'self'
 * and the origin are for browsers without it. `'unsafe-eval'` only in development, where React
 * needs it for its error overlay.
 * @param {string} nonce
 * @param {{ hashes?: readonly string[], development?: boolean }} [options]
 */
export function nonceScriptPolicy(nonce, { hashes = [], development = false } = {}) {
  const evaluation = development ? " 'unsafe-eval'" : '';
  const allowed = [`'nonce-${nonce}'`, ...hashes].join(' ');
  return `script-src 'self' ${allowed} 'strict-dynamic' ${ANALYTICS_SCRIPT_ORIGIN}${evaluation}; ${ALWAYS}`;
}
