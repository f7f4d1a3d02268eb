/*
 * Whether the process is our own production server (server/serve.ts), which compresses and tags
 * responses itself (lib/cached-compression.ts, lib/precompressed-static.ts). next.config.ts turns
 * Next's own compression and ETags off only then: under `next start`, Next's standalone server or
 * on Vercel, Next's defaults stay as they are. The server sets it in its own process before Next
 * loads the configuration; a deployer never sets it.
 */
export const SERVER_COMPRESSES = 'BITWERF_SERVER_COMPRESSES';

export function serverCompresses(env: Record<string, string | undefined>): boolean {
  return env[SERVER_COMPRESSES] === '1';
}
