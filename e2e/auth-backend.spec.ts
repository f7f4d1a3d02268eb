import getPort from 'get-port';

import { accessToken, accountTexts, authTexts } from './support/auth';
import { backendUrl } from './support/backend';
import { en, expect, inLocale, test } from './support/i18n';
import { startNextServer, type NextServer } from './support/next-server';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../local-supabase/src/keys';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server';

/*
 * Scenarios that need a backend other than the shared one: stopped, or with
 * short-lived access tokens. Each starts a second `next start` from the same
 * build (a second or two, no second build): its server reaches the backend
 * through SUPABASE_URL, read at run time (see src/lib/env/supabase-public.ts), and
 * the browser's calls to the build's public backend URL are routed there too.
 * Changing the shared backend instead would disturb every other test.
 */

function startSite(supabaseUrl: string, port?: number): Promise<NextServer> {
  // No -H: with an explicit host, Next resolves next-intl's locale rewrites against "localhost" and loops.
  return startNextServer({
    port,
    env: { SUPABASE_URL: supabaseUrl, NEXT_PUBLIC_SUPABASE_ANON_KEY: ANON_KEY, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY },
  });
}

// Each run starts a site of its own, so one language: the failure handling is below the words.
inLocale(en, 'with a stopped backend', (lc) => {
  let site: NextServer;
  test.beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, connections are refused at once.
    site = await startSite('http://127.0.0.1:9');
  });
  test.afterAll(() => site?.stop());

  test('public pages still render and sign-in says the service is unreachable', async ({ page }) => {
    await page.route(`${backendUrl}/**`, (route) => route.abort('connectionrefused'));
    const t = authTexts[lc.locale];
    for (const pathname of ['/', '/about-us', '/contact-us']) {
      const response = await page.goto(`${site.url}${lc.prefix}${pathname === '/' && lc.prefix ? '' : pathname}`);
      expect(response?.status()).toBe(200);
    }
    // A session cookie for the dead backend must not break a public page either.
    await page.context().addCookies([{ name: 'sb-127-auth-token', value: 'base64-e30', url: site.url }]);
    expect((await page.goto(`${site.url}${lc.prefix || '/'}`))?.status()).toBe(200);
    await page.context().clearCookies();

    await page.goto(`${site.url}${lc.prefix}/sign-in`);
    await page.getByRole('textbox', { name: t.signIn.email }).fill('demo@bitwerf.nl');
    await page.getByLabel(t.signIn.password, { exact: true }).fill('bitwerf-demo-2026');
    await page.getByRole('button', { name: t.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.errors.unavailable })).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.signIn.email })).toHaveValue('demo@bitwerf.nl');
  });
});

/*
 * Why 115 s and not 20 s: auth-js treats a token with less than 90 s left as
 * expiring (EXPIRY_MARGIN_MS), so with 20 s tokens every server request would
 * refresh the session too, racing the browser for the same rotating refresh
 * token ("Already Used" revokes the family). The browser's ticker refreshes a
 * token with under 120 s left (three 30 s ticks), and ticks once as soon as it
 * starts: a 115 s token is renewed by the browser right after the page loads,
 * well before the server's 90 s margin. The real-life order, just compressed,
 * without waiting for a later tick.
 */
test.describe('with short-lived access tokens', () => {
  test.use({ locale: 'nl-NL' });
  let backend: LocalSupabase;
  let site: NextServer;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    // The backend admits browser calls only from its site URL, so it must know the site's origin.
    const sitePort = await getPort();
    backend = await startLocalSupabase({
      port: 0,
      jwtExpSeconds: 115,
      quiet: true,
      tokenRateLimit: false,
      siteUrl: `http://127.0.0.1:${sitePort}`,
    });
    site = await startSite(backend.url, sitePort);
  });
  test.afterAll(async () => {
    site?.stop();
    await backend?.stop();
  });

  test('the browser refreshes the token on its own and the user stays signed in', async ({ page, context }) => {
    test.setTimeout(120_000);
    // One locale is enough: the refresh happens in auth-js, below any translated text.
    const account = accountTexts.nl;
    const t = authTexts.nl;
    // The browser client calls the build's public backend URL; send it to the short-lived one.
    // Its refresh waits until the test has read the token the server issued at sign-in, which the
    // browser would otherwise replace at once (a 115 s token is due at the first tick).
    let tokenRead = () => {};
    const serverTokenRead = new Promise<void>((resolve) => {
      tokenRead = resolve;
    });
    await page.route(`${backendUrl}/**`, async (route) => {
      if (route.request().url().includes('grant_type=refresh_token')) await serverTokenRead;
      await route.continue({ url: route.request().url().replace(backendUrl, backend.url) });
    });

    await page.goto(`${site.url}/sign-in`);
    await page.getByRole('textbox', { name: t.signIn.email }).fill('demo@bitwerf.nl');
    await page.getByLabel(t.signIn.password, { exact: true }).fill('bitwerf-demo-2026');
    await page.getByRole('button', { name: t.signIn.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    const first = await accessToken(context);
    expect(first).toBeTruthy();
    const exp = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp;
    const firstExp = exp(first ?? '');
    expect(firstExp - Date.now() / 1000).toBeLessThanOrEqual(116);
    tokenRead();

    // No navigation: only auth-js in the page can renew it.
    await expect.poll(async () => accessToken(context), { timeout: 60_000, intervals: [1_000] }).not.toBe(first);
    const second = (await accessToken(context)) ?? '';
    // A new token, not an older one. Its expiry can be the first one's to the second: auth-js may
    // renew at its first tick, within the second the server issued the first token.
    expect(exp(second)).toBeGreaterThanOrEqual(firstExp);

    // The renewed session is the one the server accepts, and the header still shows the account.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    await expect(page.getByText('demo@bitwerf.nl')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: account.nav.account })).toBeVisible();
  });
});
