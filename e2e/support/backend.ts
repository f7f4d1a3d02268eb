import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { SERVICE_ROLE_KEY } from '../../local-supabase/src/keys';
import { ensureGlobalWebSocket } from '../../local-supabase/src/websocket-polyfill';

ensureGlobalWebSocket();

/** The local backend the e2e server talks to (playwright.config.ts starts it through `npm start`). */
export const backendUrl = `http://127.0.0.1:${process.env.LOCAL_SUPABASE_PORT ?? 54321}`;

/** A service-role client, for tests that check or prepare what is in the database. */
export function adminClient(): SupabaseClient {
  return createClient(backendUrl, SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
}
