/**
 * The public Supabase settings, shared by the browser, server and proxy clients.
 *
 * IMPORTANT: each variable is read as a literal `process.env.NEXT_PUBLIC_…`
 * expression. Next inlines public variables into client bundles only when they
 * are written out like this; a computed key (`process.env[name]`) would be
 * `undefined` in the browser.
 */
export type SupabasePublicEnv = { url: string; key: string };

export function getSupabasePublicEnv(): SupabasePublicEnv {
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL;
  // The publishable key is Supabase's newer name for the same public key, so either will do.
  const key = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY;

  // The messages are the ones supabase-js uses and the spec fixes word for word (§5).
  if (!url) throw new Error('supabaseUrl is required.');
  if (!key) throw new Error('supabaseKey is required.');
  return { url, key };
}
