// @vitest-environment node
import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { ANALYTICS_SCRIPT_ORIGIN, inlineScriptHashes, nonceScriptPolicy, staticScriptPolicy } from './script-policy.mjs';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// The shapes Next 16 emits in a prerendered page, plus the site's own inline scripts.
const page = `<!DOCTYPE html><html lang="nl"><head>
<script src="/_next/static/chunks/a.js" async=""></script>
<script src="/_next/static/chunks/polyfill.js" noModule=""></script>
</head><body>
<script id="gtag-consent-default">window.dataLayer=window.dataLayer||[];</script>
<script type="application/ld+json">{"@type":"Organization","name":"Bitwerf"}</script>
<script>((a,b)=>{document.documentElement.classList.add("light")})("class","theme")</script>
<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({})</script>
<script>(self.__next_f=self.__next_f||[]).push([0])</script>
<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n<\\/script>"])</script>
<SCRIPT TYPE="module">import "/x.js"</SCRIPT >
<script>(self.__next_f=self.__next_f||[]).push([0])</script>
</body></html>`;

describe('inlineScriptHashes', () => {
  it('hashes the text of every inline script the browser would run, once each, in order', () => {
    expect(inlineScriptHashes(page)).toEqual([
      sha('window.dataLayer=window.dataLayer||[];'),
      sha('((a,b)=>{document.documentElement.classList.add("light")})("class","theme")'),
      sha('(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({})'),
      sha('(self.__next_f=self.__next_f||[]).push([0])'),
      sha('self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n<\\/script>"])'),
      sha('import "/x.js"'),
    ]);
  });

  it('skips external scripts and data blocks, which CSP does not hash', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="application/ld+json">{}</script>')).toEqual([]);
    expect(inlineScriptHashes("<script type='application/json'>[]</script>")).toEqual([]);
  });

  it('hashes non-ASCII text as UTF-8, as browsers do', () => {
    expect(inlineScriptHashes('<script>"één"</script>')).toEqual([
      `'sha256-${createHash('sha256').update(Buffer.from('"één"', 'utf8')).digest('base64')}'`,
    ]);
  });
});

describe('script policies', () => {
  it('lets a prerendered page run only its own inline scripts, same-origin files and the analytics tag', () => {
    const policy = staticScriptPolicy(page);
    expect(policy).toBe(
      `script-src 'self' ${inlineScriptHashes(page).join(' ')} ${ANALYTICS_SCRIPT_ORIGIN}; object-src 'none'; base-uri 'self'`,
    );
  });

  it('never allows inline code or eval in general', () => {
    for (const policy of [staticScriptPolicy(page), nonceScriptPolicy('abc123==')]) {
      expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|\*/);
    }
  });

  it('gives a page rendered per request its nonce, trusted to load what it needs', () => {
    expect(nonceScriptPolicy('abc123==')).toBe(
      `script-src 'self' 'nonce-abc123==' 'strict-dynamic' ${ANALYTICS_SCRIPT_ORIGIN}; object-src 'none'; base-uri 'self'`,
    );
  });

  it("allows eval in development only, where React's overlay needs it", () => {
    expect(nonceScriptPolicy('n', { development: true })).toContain("'strict-dynamic' https://www.googletagmanager.com 'unsafe-eval';");
  });
});
