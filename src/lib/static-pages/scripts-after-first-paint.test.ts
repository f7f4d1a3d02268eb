// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { CHUNKS_ATTRIBUTE, scriptsAfterFirstPaint } from './scripts-after-first-paint.mjs';
import { inlineScriptHashes } from '../security/script-policy.mjs';

const page = (chunks: string[], body = '<p>Tekst</p>') =>
  `<html><head><link rel="stylesheet" href="/_next/static/chunks/s.css"/>${chunks
    .map((c) => `<script src="/_next/static/chunks/${c}" async=""></script>`)
    .join(
      '',
    )}<script src="/_next/static/chunks/polyfill.js" noModule=""></script></head><body>${body}<script>self.__next_f.push([1,"x"])</script><script type="application/ld+json">{"@type":"Organization"}</script></body></html>`;

function loaderOf(html: string): { chunks: unknown; index: number } {
  const match = new RegExp(`<script ${CHUNKS_ATTRIBUTE}='([^']*)'>`).exec(html);
  if (!match?.[1]) throw new Error('no loader');
  return { chunks: JSON.parse(match[1]), index: match.index };
}

describe('scriptsAfterFirstPaint', () => {
  it("takes Next's chunk tags out and lists them, in order, in one loader at the end of the body", () => {
    const html = scriptsAfterFirstPaint(page(['a1.js', 'turbopack-b2.js', 'c3.js']));
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/(a1|turbopack-b2|c3)\.js"/);
    expect(html).not.toMatch(/<link[^>]*(a1|turbopack-b2|c3)\.js/);
    const loader = loaderOf(html);
    expect(loader.chunks).toEqual(['/_next/static/chunks/a1.js', '/_next/static/chunks/turbopack-b2.js', '/_next/static/chunks/c3.js']);
    // After the page's own payload, so the chunks find every push when they run.
    expect(loader.index).toBeGreaterThan(html.indexOf('self.__next_f.push'));
    expect(html.endsWith('</script></body></html>')).toBe(true);
  });

  it('takes the tags of a page rendered on demand too, which carry the nonce of the request that rendered it', () => {
    const html = scriptsAfterFirstPaint(page(['a1.js']).replace('async=""></script>', 'async="" nonce="bm9uY2U="></script>'));
    expect(html).not.toContain('nonce=');
    expect(loaderOf(html).chunks).toEqual(['/_next/static/chunks/a1.js']);
  });

  it('keeps everything else byte for byte: styles, the legacy polyfill, inline scripts and data blocks', () => {
    const html = scriptsAfterFirstPaint(page(['a1.js']));
    for (const part of [
      '<link rel="stylesheet" href="/_next/static/chunks/s.css"/>',
      '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
      '<script>self.__next_f.push([1,"x"])</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<p>Tekst</p>',
    ])
      expect(html).toContain(part);
  });

  it('adds the same loader to every page, so the policies share one hash for it', () => {
    const added = (html: string) => {
      const before = new Set(inlineScriptHashes(html));
      return inlineScriptHashes(scriptsAfterFirstPaint(html)).filter((hash) => !before.has(hash));
    };
    const one = added(page(['a1.js'], '<p>Een</p>'));
    expect(one).toHaveLength(1);
    expect(added(page(['z9.js', 'y8.js'], '<p>Twee</p>'))).toEqual(one);
  });

  it('is done once: a page it already changed, or one without chunks or a body end, stays as it is', () => {
    const once = scriptsAfterFirstPaint(page(['a1.js']));
    expect(scriptsAfterFirstPaint(once)).toBe(once);
    expect(scriptsAfterFirstPaint(page([]))).toBe(page([]));
    const unterminated = page(['a1.js']).replace('</body></html>', '');
    expect(scriptsAfterFirstPaint(unterminated)).toBe(unterminated);
  });

  it('leaves chunks it cannot vouch for where they are: an asset prefix or a query', () => {
    const prefixed = page([]).replace('</head>', '<script src="https://cdn.example/_next/static/chunks/a.js" async=""></script></head>');
    expect(scriptsAfterFirstPaint(prefixed)).toBe(prefixed);
    const queried = page([]).replace('</head>', '<script src="/_next/static/chunks/a.js?dpl=1" async=""></script></head>');
    expect(scriptsAfterFirstPaint(queried)).toBe(queried);
  });
});
