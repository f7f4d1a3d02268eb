import type { Extension } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';

/**
 * Hosted Supabase pre-installs pgcrypto and uuid-ossp in the `extensions` schema. Loading their
 * PGlite bundles costs about 40 MB of memory, so they are loaded (and created) only when the
 * project's SQL refers to them, which keeps an ordinary start under the 300 MB budget.
 */
const KNOWN: { name: string; sqlName: string; bundle: Extension; usedBy: RegExp }[] = [
  {
    name: 'pgcrypto',
    sqlName: 'pgcrypto',
    bundle: pgcrypto,
    usedBy: /\bpgcrypto\b|\b(crypt|gen_salt|digest|hmac|pgp_sym_encrypt|pgp_sym_decrypt|gen_random_bytes|armor|dearmor)\s*\(/i,
  },
  { name: 'uuid_ossp', sqlName: 'uuid-ossp', bundle: uuid_ossp, usedBy: /uuid-ossp|\buuid_generate_v[1345]\s*\(|\buuid_nil\s*\(/i },
];

export interface ExtensionPlan {
  bundles: Record<string, Extension>;
  /** SQL that installs them where Supabase has them; idempotent. */
  createSql: string;
}

export function planExtensions(projectSql: string[]): ExtensionPlan {
  const needed = KNOWN.filter((extension) => projectSql.some((sql) => extension.usedBy.test(sql)));
  return {
    bundles: Object.fromEntries(needed.map((extension) => [extension.name, extension.bundle])),
    createSql: needed.map((extension) => `create extension if not exists "${extension.sqlName}" with schema extensions;`).join('\n'),
  };
}
