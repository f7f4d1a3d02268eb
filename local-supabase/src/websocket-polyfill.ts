import { WebSocket as UndiciWebSocket } from 'undici';

/**
 * supabase-js constructs its realtime client eagerly and throws without a global WebSocket,
 * which Node only provides from version 22 on. Node 22's global is undici's WebSocket, so on
 * Node 20 the same implementation is installed. Used by the Node-side tools (tests, bench,
 * `npm run users`), never by the site.
 */
export function ensureGlobalWebSocket(): void {
  if (!('WebSocket' in globalThis)) Object.assign(globalThis, { WebSocket: UndiciWebSocket });
}
