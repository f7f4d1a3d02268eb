import { ANON_KEY } from './keys';

/**
 * True when `url` already serves this backend (or any GoTrue with the local anon key), e.g.
 * `npm run backend` in another terminal; `npm run dev` then reuses it instead of failing.
 */
export async function isLocalBackendRunning(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: ANON_KEY }, signal: AbortSignal.timeout(1000) });
    if (!response.ok) return false;
    const settings = (await response.json()) as { external?: unknown };
    return typeof settings.external === 'object';
  } catch {
    return false;
  }
}
