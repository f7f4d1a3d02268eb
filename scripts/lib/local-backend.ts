import type { LocalMode } from './launch-plan';
import { withSiteContent } from './local-content';
import { banner } from '../../local-supabase/src/banner';
import { defaultDataDir, resolveSmtpPort } from '../../local-supabase/src/config';
import { ANON_KEY, DEFAULT_PORT, SERVICE_ROLE_KEY } from '../../local-supabase/src/keys';
import { isLocalBackendRunning } from '../../local-supabase/src/probe';
import { startLocalSupabase } from '../../local-supabase/src/server';

/**
 * The embedded backend as `npm run dev|build|start` use it when no project is configured.
 * IMPORTANT: only `scripts/next-with-backend.ts` loads this module, and only by a dynamic import
 * on that path: with a project configured, nothing under `local-supabase/` (nor its dev-only
 * dependencies) may be loaded, so `npm prune --omit=dev && npm start` keeps working.
 */

export interface LocalBackend {
  /**
   * The variables Next.js needs to reach this backend. SMTP_URL replaces any other: with the
   * embedded backend every mail the site sends lands in its local inbox, never at a real address.
   */
  env: { NEXT_PUBLIC_SUPABASE_URL: string; NEXT_PUBLIC_SUPABASE_ANON_KEY: string; SUPABASE_SERVICE_ROLE_KEY: string; SMTP_URL: string };
  stop(): Promise<void>;
}

function backendEnv(url: string, smtpUrl: string): LocalBackend['env'] {
  return {
    NEXT_PUBLIC_SUPABASE_URL: url,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SMTP_URL: smtpUrl,
  };
}

/** Starts the backend (or reuses one already running on its port), except for a build, which only needs its address. */
export async function startLocalBackend(mode: LocalMode): Promise<LocalBackend> {
  const port = Number(process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_PORT);
  const url = `http://127.0.0.1:${port}`;
  // A running backend (`npm run backend`) does not say which SMTP port it took: the same settings give the same one.
  const smtpUrl = `smtp://127.0.0.1:${resolveSmtpPort(port, undefined)}`;
  if (mode === 'build') return { env: backendEnv(url, smtpUrl), stop: async () => undefined };

  if (await isLocalBackendRunning(url)) {
    console.log(banner({ url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY }, { preview: mode === 'preview', reused: true }));
    return { env: backendEnv(url, smtpUrl), stop: async () => undefined };
  }
  const dataDir = defaultDataDir();
  const startedAt = performance.now();
  // Reset links go to the terminal: this is someone's own machine, in dev or a 127.0.0.1 preview.
  // The backend admits browser calls only from the site's origin: the site on this machine is
  // NEXT_PUBLIC_SITE_URL when set, else Next on PORT (any port, not only the default 3000).
  const siteUrl = process.env.LOCAL_SUPABASE_SITE_URL ?? process.env.NEXT_PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const backend = await withSiteContent(await startLocalSupabase({ dataDir, port, logEmailLinks: true, siteUrl }), console.log);
  console.log(banner(backend, { dataDir, readyMs: performance.now() - startedAt, preview: mode === 'preview' }));
  return { env: backendEnv(backend.url, backend.smtpUrl), stop: () => backend.stop() };
}
