import { describe, expect, it } from 'vitest';

import { scriptUrlsFromHtml } from './first-load-js';

describe('scriptUrlsFromHtml', () => {
  it('counts the scripts a modern browser loads: tags, preloads and the chunks run after the first paint, once each', () => {
    const html = [
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/lazy.js"/>',
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
      '<script src="https://www.googletagmanager.com/gtag/js"></script>',
      `<script data-chunks-after-paint='["/_next/static/chunks/main.js","/_next/static/chunks/page.js"]'>(loader)</script>`,
    ].join('');
    expect(scriptUrlsFromHtml(html, 'http://127.0.0.1:3000/en')).toEqual([
      'http://127.0.0.1:3000/_next/static/chunks/main.js',
      'http://127.0.0.1:3000/_next/static/chunks/page.js',
      'http://127.0.0.1:3000/_next/static/chunks/lazy.js',
    ]);
  });
});
