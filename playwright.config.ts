import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

const widthIndependent = ['**/routing.spec.ts', '**/analytics.spec.ts', '**/theme-tokens.spec.ts', '**/contact.spec.ts', '**/inbox.spec.ts'];

// Blog and vacancy behaviour does not depend on the width; content-layout.spec.ts checks their grids at every width.
const contentSpecs = ['**/blog.spec.ts', '**/vacancies.spec.ts'];

// Home, about, SEO and consent behave the same at every width; legal.spec.ts (footer links, axe) runs at phone and desktop.
const desktopOnly = ['**/home.spec.ts', '**/about.spec.ts', '**/seo.spec.ts', '**/consent.spec.ts'];

// Debian's Chromium; nothing downloads a browser of its own (see scripts/ensure-chromium.sh).
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...chromium,
  },
  // Every layout behaviour is checked at three widths (the spec §9 breakpoints fall between
  // them). Specs whose subject does not depend on the width (routing, metadata, analytics) and
  // those that set their own widths run once, at desktop; axe runs at phone and desktop.
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, hasTouch: true },
      // The second-backend scenarios (auth-backend.spec.ts) check the server, not the layout: desktop only.
      testIgnore: [...widthIndependent, ...contentSpecs, ...desktopOnly, '**/auth-backend.spec.ts'],
    },
    {
      name: 'tablet',
      use: { viewport: { width: 768, height: 1024 } },
      // Sign-in screens are one centred card: phone and desktop cover them.
      testIgnore: [...widthIndependent, ...contentSpecs, ...desktopOnly, '**/a11y.spec.ts', '**/a11y-interactions.spec.ts', '**/legal.spec.ts', '**/auth*.spec.ts'],
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  // The production build, as users get it. `npm start` boots the local backend beside Next
  // when no hosted project is configured; its data lives in a throwaway folder for the run.
  webServer: {
    command: 'npm run build && npm start',
    url: `${baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(port),
      NEXT_PUBLIC_SITE_URL: baseURL,
      LOCAL_SUPABASE_DATA_DIR: '.local-supabase/e2e',
      // E-mailed links (password reset) must point at this server, not the default localhost:3000.
      LOCAL_SUPABASE_SITE_URL: baseURL,
      // Every test signs in from 127.0.0.1; GoTrue's per-IP /token burst of 30 would trip the suite.
      LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH: '0',
    },
    stdout: 'pipe',
  },
});
