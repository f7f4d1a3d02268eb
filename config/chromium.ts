/**
 * The browser the end-to-end tests and the real-load bench drive: Debian's headless shell (the
 * package chromium-headless-shell, the build Playwright itself runs headless), which draws the same
 * pages as the full browser without its window machinery, for markedly less CPU. To watch a test,
 * run the full browser: CHROMIUM_PATH=/usr/bin/chromium npx playwright test --headed.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The headless shell hints glyphs to whole pixels unless told not to; the full browser does
  // not, and without this text measures a little wider than visitors' browsers draw it.
  '--font-render-hinting=none',
];
