import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
/** A second `next start` of the same build against the same backend (instances.spec.ts). */
const secondPort = Number(process.env.E2E_SECOND_PORT ?? port + 10);
export const secondBaseURL = `http://127.0.0.1:${secondPort}`;

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

// Both instances get the same environment; only the port differs. `npm start` boots the local
// backend beside Next when no hosted project is configured, or joins the one already running on
// LOCAL_SUPABASE_PORT, so the second instance shares the first one's backend.
const serverEnv = {
  NEXT_PUBLIC_SITE_URL: baseURL,
  LOCAL_SUPABASE_DATA_DIR: '.local-supabase/e2e',
  // E-mailed links (password reset) must point at this server, not the default localhost:3000.
  LOCAL_SUPABASE_SITE_URL: baseURL,
  // Every test signs in from 127.0.0.1; GoTrue's per-IP /token burst of 30 would trip the suite.
  LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH: '0',
  // The second instance is another origin of the same site: the backend admits it (CORS, links).
  LOCAL_SUPABASE_REDIRECT_URLS: `${secondBaseURL}/**`,
  // The same for the site's own per-client auth limits: with no trusted proxy every test is one
  // client (the shared bucket). Per-account limits stay as they are, and are tested.
  AUTH_RATE_LIMIT_CLIENT_FACTOR: '100',
  // The tests play the one proxy in front of the site: each simulated visitor sends its own
  // X-Forwarded-For (contact.spec.ts, instances.spec.ts), so rate limits see distinct clients.
  TRUSTED_PROXY_COUNT: '1',
  // `npm test` ran tsc before this build (see next.config.ts).
  NEXT_TYPES_CHECKED: '1',
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
    },
    { name: 'tablet', use: { viewport: { width: 768, height: 1024 } }, grep: /@tablet/ },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@below-lg/ },
  ],
  // The production build, as users get it, twice: the second instance only for the scenario
  // that moves a visitor between two servers. Playwright starts them in this order.
  webServer: [
    {
      command: 'npm run build && npm start',
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
  ],
});
