import 'server-only';

/**
 * The service-role key bypasses row level security, so it must never reach a
 * client bundle: `server-only` makes any client import a build error.
 * It is optional; without it the admin client falls back to the public key.
 */
export function getSupabaseServiceRoleKey(): string | undefined {
  return process.env.SUPABASE_SERVICE_ROLE_KEY || undefined;
}
