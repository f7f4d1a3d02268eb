import 'server-only';

import { getServerEnv } from '@/lib/env/server';

/**
 * Ends the process when the server's configuration is incomplete. Next logs an error thrown from
 * instrumentation's register() and then serves anyway, every request failing; a deployment must see
 * the start fail instead, with the message that names each setting.
 */
export function checkServerConfiguration(): void {
  try {
    getServerEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
