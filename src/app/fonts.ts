import localFont from 'next/font/local';

// Poppins from the @fontsource npm package, self-hosted by next/font: only the weights the
// design uses, preloaded, with a size-adjusted fallback.
// 'optional', not 'swap': a size-adjusted fallback still wraps lines differently, so a late swap
// moved the hero and the consent banner (CLS up to 0.22 with the font 800 ms late). With
// 'optional' a font that misses the first ~100 ms waits for the next page view, from cache.
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
