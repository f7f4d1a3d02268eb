/**
 * The Supabase CLI's well-known local development credentials. Using the same values as
 * `supabase start` means tools, docs and `.env` files written for the CLI work unchanged.
 * They are public knowledge: never use them for a hosted project.
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const DEFAULT_PORT = 54321;
export const DEFAULT_URL = `http://127.0.0.1:${DEFAULT_PORT}`;

/** The accounts `supabase/seed.sql` creates; printed in the banner and named in the README. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@bitwerf.nl', password: 'bitwerf-demo-2026', role: 'client' },
  { email: 'staff@bitwerf.nl', password: 'bitwerf-staff-2026', role: 'staff' },
] as const;
