import localFont from 'next/font/local';

// Poppins from the @fontsource npm package, self-hosted by next/font: only the weights the
// design uses, preloaded, with a size-adjusted fallback.
// 'optional', not 'swap': a size-adjusted fallback still wraps lines differently, so a late swap
// moves the hero and the consent banner (layout shift). With 'optional' a font that misses the
// first ~100 ms (the browser's block period) waits for the next page view, from cache.
export const poppins = localFont({
  src: [
    { path: '../../node_modules/@fontsource/poppins/files/poppins-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: '../../node_modules/@fontsource/poppins/files/poppins-latin-600-normal.woff2', weight: '600', style: 'normal' },
  ],
  variable: '--font-poppins',
  display: 'optional',
  fallback: ['Arial', 'sans-serif'],
  adjustFontFallback: 'Arial',
});
