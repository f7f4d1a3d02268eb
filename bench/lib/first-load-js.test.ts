import { describe, expect, it } from 'vitest';

import { scriptUrlsFromHtml } from './first-load-js';

describe('scriptUrlsFromHtml', () => {
  it('counts the scripts a modern browser loads: tags and preloads, once each', () => {
    const html = [
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/lazy.js"/>',
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
      '<script src="https://www.googletagmanager.com/gtag/js"></script>',
      '<link rel="preload" as="script" href="/_next/static/chunks/main.js"/>',
    ].join('');
    expect(scriptUrlsFromHtml(html, 'http://127.0.0.1:3000/en')).toEqual([
      'http://127.0.0.1:3000/_next/static/chunks/main.js',
      'http://127.0.0.1:3000/_next/static/chunks/lazy.js',
    ]);
  });
});
