import { randomUUID } from 'node:crypto';

/**
 * Stands in for auth-js's `test/lib/utils.ts`, which makes credentials with `@faker-js/faker` and
 * loads `lib/clients.ts` (RS256 keys signed with the `signing_keys.json` that their `supabase
 * start` set-up generates). The one helper the runnable file uses, with the same shape: a fresh
 * address, a phone number from the clock and a random password.
 */
export function mockUserCredentials(options: { email?: string; phone?: string; password?: string } = {}): {
  email: string;
  phone: string;
  password: string;
} {
  const digits = Date.now().toString();
  return {
    email: options.email ?? `${randomUUID()}@example.com`,
    phone: options.phone ?? `1${digits.substring(digits.length - 12, 11)}`,
    password: options.password ?? randomUUID(),
  };
}
