import { ANON_KEY } from './keys';

/**
 * How long a backend that accepted the connection may take to answer. Nothing listening is refused
 * at once, whatever this says; a backend that is there but busy (a loaded machine, a PGlite start
 * in the same process) must not be taken for absent, or a second one is started on its ports.
 */
const BUSY_BACKEND_GRACE_MS = 15_000;

/**
 * True when `url` already serves this backend (or any GoTrue with the local anon key), e.g.
 * `npm run backend` in another terminal; `npm run dev` then reuses it instead of failing.
 */
export async function isLocalBackendRunning(url: string, graceMs = BUSY_BACKEND_GRACE_MS): Promise<boolean> {
  try {
    const response = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: ANON_KEY }, signal: AbortSignal.timeout(graceMs) });
    if (!response.ok) return false;
    const settings = (await response.json()) as { external?: unknown };
    return typeof settings.external === 'object';
  } catch {
    return false;
  }
}
