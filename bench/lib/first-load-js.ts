/**
 * First-load JavaScript: what a visitor's browser must download (gzipped)
 * before the page is interactive. We read it from the served HTML rather than
 * from Next's build output because Next 16 no longer prints per-route sizes
 * and because the HTML is the ground truth of what a browser fetches.
 */
import { gzipSync, constants as zlibConstants } from 'node:zlib';

import { fetchOk } from './fetch-ok';

export interface FirstLoadJs {
  /** Sum of gzipped sizes, in KB (1 KB = 1024 bytes). */
  gzipKb: number;
  rawKb: number;
  scripts: { url: string; rawBytes: number; gzipBytes: number }[];
}

/** Undo the HTML escaping React applies to attribute values (e.g. `&amp;` in query strings). */
function decodeAttr(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value === undefined ? undefined : decodeAttr(value);
}

/**
 * Script URLs the page makes the browser load up front: `<script src>` plus
 * `<link rel="modulepreload">` / `<link rel="preload" as="script">`, because
 * Next emits some chunks only as preloads; not the legacy
 * polyfills that only browsers without modules load. Only `/_next/`
 * counts: third-party scripts (analytics) are not part of our bundle budget.
 */
export function scriptUrlsFromHtml(html: string, pageUrl: string): string[] {
  const urls = new Set<string>(); // dedupe: a chunk may be both preloaded and a <script>
  const add = (raw: string | undefined): void => {
    if (!raw) return;
    const url = new URL(raw, pageUrl);
    if (url.origin === new URL(pageUrl).origin && url.pathname.startsWith('/_next/')) urls.add(url.href);
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    // A browser that runs modules never fetches a `nomodule` script (Next's legacy polyfills).
    if (!/\snomodule\b/i.test(tag)) add(attr(tag, 'src'));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const as = (attr(tag, 'as') ?? '').toLowerCase();
    if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script')) add(attr(tag, 'href'));
  }
  return [...urls];
}

/**
 * We always gzip ourselves at level 9 instead of trusting the server's
 * Content-Encoding: the figure then does not depend on whether a proxy or
 * `next start` compresses, nor at which level, so runs stay comparable.
 */
export async function measureFirstLoadJs(html: string, pageUrl: string, acceptLanguage: string): Promise<FirstLoadJs> {
  const scripts = await Promise.all(
    scriptUrlsFromHtml(html, pageUrl).map(async (url) => {
      const body = Buffer.from(await (await fetchOk(url, acceptLanguage)).arrayBuffer());
      const gzipBytes = gzipSync(body, { level: zlibConstants.Z_BEST_COMPRESSION }).length;
      return { url, rawBytes: body.length, gzipBytes };
    }),
  );
  const sum = (key: 'rawBytes' | 'gzipBytes'): number => scripts.reduce((total, s) => total + s[key], 0) / 1024;
  return { gzipKb: sum('gzipBytes'), rawKb: sum('rawBytes'), scripts };
}
