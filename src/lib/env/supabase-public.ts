/**
 * The public Supabase settings, shared by the browser, server and proxy clients.
 *
 * IMPORTANT: each variable is read as a literal `process.env.NEXT_PUBLIC_…`
 * expression. Next inlines public variables into client bundles only when they
 * are written out like this; a computed key (`process.env[name]`) would be
 * `undefined` in the browser. No zod here: every browser client reads this module, and the two
 * messages are supabase-js's own.
 */
export type SupabasePublicEnv = { url: string; key: string };

export function getSupabasePublicEnv(): SupabasePublicEnv {
  // IMPORTANT: NEXT_PUBLIC_* is inlined at build time, on the server too. SUPABASE_URL is
  // read at run time and only on the server (not public, so never in a browser bundle):
  // it lets one build's server talk to another backend address, e.g. the e2e fault and
  // token-refresh tests start a second `next start` against a stopped or short-lived
  // backend. Keep its host the same as the public URL's: the cookie name derives from it.
  const serverUrl = typeof window === 'undefined' ? process.env.SUPABASE_URL : undefined;
  const url = serverUrl || process.env.NEXT_PUBLIC_SUPABASE_URL;
  // The publishable key is Supabase's newer name for the same public key, so either will do.
  const key = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY;

  // The messages are the ones supabase-js uses and the spec fixes word for word (§5).
  if (!url) throw new Error('supabaseUrl is required.');
  if (!key) throw new Error('supabaseKey is required.');
  return { url, key };
}

/** The backend's address as browsers reach it, for the content policy; undefined when none is configured. */
export function getBrowserSupabaseUrl(): string | undefined {
  return process.env.NEXT_PUBLIC_SUPABASE_URL || undefined;
}
