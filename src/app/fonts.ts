import localFont from 'next/font/local';

// Poppins from the @fontsource npm package, self-hosted by next/font: only the weights the
// design uses, preloaded, with a size-adjusted fallback so the swap causes no layout shift.
export const poppins = localFont({
  src: [
    { path: '../../node_modules/@fontsource/poppins/files/poppins-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: '../../node_modules/@fontsource/poppins/files/poppins-latin-600-normal.woff2', weight: '600', style: 'normal' },
  ],
  variable: '--font-poppins',
  display: 'swap',
  fallback: ['Arial', 'sans-serif'],
  adjustFontFallback: 'Arial',
});
