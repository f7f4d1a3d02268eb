import { defineConfig } from '@playwright/test';

import { chromiumArgs, chromiumPath } from './config/chromium';
import { baseURL, edgePort, edgeURL, port, secondBaseURL, secondPort, serverEnv } from './config/e2e-servers';

/** Specs whose changes every other spec would see (the company details, the home page's texts). */
const SITE_WIDE = /(company-details|page-documents)\.spec\.ts$/;

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Three on a 2-core machine: the tests wait on servers and timers as much as they compute, so a
  // third worker costs nothing on a quiet machine and keeps the suite's share on a busy one.
  workers: 3,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace costs every test about a tenth of its time; CI retries a failed test once,
    // and that retry records one.
    trace: 'on-first-retry',
    ...chromium,
  },
  /*
   * Widths. A test runs once, at desktop width, unless its subject changes with the width
   * (spec §9's breakpoints fall between 375, 768 and 1280 px). Tags say where else it runs:
   *   @phone     also at 375 px, with touch
   *   @tablet    also at 768 px
   *   @below-lg  not at desktop (the drawer and the menu button exist only below lg)
   * A test that needs several widths of one page may also resize within itself, which saves a
   * page load per width.
   */
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, hasTouch: true },
      grep: /@phone/,
      testIgnore: SITE_WIDE,
    },
    { name: 'tablet', use: { viewport: { width: 768, height: 1024 } }, grep: /@tablet/, testIgnore: SITE_WIDE },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@below-lg/, testIgnore: SITE_WIDE },
    // Specs that change what every page shows (the company details, the home page) run alone, once all others are done.
    {
      name: 'site-wide',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: SITE_WIDE,
      dependencies: ['phone', 'tablet', 'desktop'],
    },
  ],
  // The production build, as users get it, twice (instances.spec.ts moves a visitor between the
  // two), then the edge in front of both (edge.spec.ts). Playwright starts them in this order.
  webServer: [
    {
      // `npm test` builds while the unit tests run (scripts/test.ts) and says so; alone, this builds.
      command: process.env.E2E_BUILT === '1' ? 'npm start' : 'npm run build && npm start',
      url: `${baseURL}/`,
      timeout: 240_000,
      reuseExistingServer: !process.env.CI,
      env: { ...serverEnv, PORT: String(port) },
      stdout: 'pipe',
    },
    {
      command: 'npm start',
      url: `${secondBaseURL}/`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      env: { ...serverEnv, PORT: String(secondPort) },
    },
    {
      // The production topology: the recommended edge (deploy/nginx/) in front of both (edge.spec.ts).
      command: `npx tsx scripts/edge.ts --port ${edgePort} --upstream ${port} --upstream ${secondPort}`,
      url: `${edgeURL}/`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
