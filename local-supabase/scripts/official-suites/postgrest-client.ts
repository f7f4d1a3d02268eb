import { PostgrestClient as OfficialClient } from '@supabase/postgrest-js';

export * from '@supabase/postgrest-js';

/**
 * Stands in for postgrest-js's `../src/index` in its own tests: the same client (the version this
 * project installs), pointed at the embedded backend instead of `supabase start`'s port, and
 * carrying the anon key that the embedded gateway asks for, as Kong does.
 */
export class PostgrestClient extends OfficialClient {
  constructor(url: string, options: ConstructorParameters<typeof OfficialClient>[1] = {}) {
    const backend = process.env.OFFICIAL_SUITES_URL ?? '';
    const headers = { apikey: process.env.OFFICIAL_SUITES_ANON_KEY ?? '', ...options.headers };
    super(url.replace('http://localhost:54321', backend), { ...options, headers });
  }
}
