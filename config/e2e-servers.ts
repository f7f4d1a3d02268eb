/**
 * The two production servers the end-to-end tests run against, and the environment both are built
 * and started with. Shared by playwright.config.ts and scripts/test.ts, which builds the site for
 * the tests while the unit tests run.
 */
export const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
/** A second `next start` of the same build against the same backend (instances.spec.ts). */
export const secondPort = Number(process.env.E2E_SECOND_PORT ?? port + 10);
export const secondBaseURL = `http://127.0.0.1:${secondPort}`;

/** The recommended edge (deploy/nginx/) in front of both instances, for the specs about serving and caching. */
export const edgePort = Number(process.env.E2E_EDGE_PORT ?? port - 10);
export const edgeURL = `http://127.0.0.1:${edgePort}`;

/** Known to the tests only: the servers they start are on 127.0.0.1 with the embedded demo backend. */
export const E2E_CRON_SECRET = 'e2e-cron-secret-for-the-local-preview-only';

// Both instances get the same environment; only the port differs. `npm start` boots the local
// backend beside Next when no hosted project is configured, or joins the one already running on
// LOCAL_SUPABASE_PORT, so the second instance shares the first one's backend.
export const serverEnv = {
  NEXT_PUBLIC_SITE_URL: baseURL,
  LOCAL_SUPABASE_DATA_DIR: '.local-supabase/e2e',
  // E-mailed links (password reset) must point at this server, not the default localhost:3000.
  LOCAL_SUPABASE_SITE_URL: baseURL,
  // Every test signs in from 127.0.0.1; GoTrue's per-IP /token burst of 30 would trip the suite.
  LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH: '0',
  // The second instance is another origin of the same site: the backend admits it (CORS, links).
  LOCAL_SUPABASE_REDIRECT_URLS: `${secondBaseURL}/**,${edgeURL}/**`,
  // The same for the site's own per-client auth limits: most tests sign in from 127.0.0.1, one
  // client. Per-account limits stay as they are, and are tested.
  AUTH_RATE_LIMIT_CLIENT_FACTOR: '100',
  // The tests play the one proxy in front of the site: each simulated visitor sends its own
  // X-Forwarded-For (contact.spec.ts, instances.spec.ts), so rate limits see distinct clients.
  TRUSTED_PROXY_COUNT: '1',
  // The bearer secret of the scheduled calls (POST /api/content/tick), so tests can make that call.
  CRON_SECRET: E2E_CRON_SECRET,
  // `npm test` runs tsc itself, after this build (see next.config.ts).
  NEXT_TYPES_CHECKED: '1',
};
