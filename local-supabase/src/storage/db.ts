import type { PGlite, Transaction } from '@electric-sql/pglite';

import { fromDatabaseError } from './errors';

/** The roles a request may run as, as granted in platform.sql. */
export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** Who sent the request, from its JWT (Storage's `request.jwtPayload` / `request.owner`). */
export interface Caller {
  role: ApiRole;
  claims: Record<string, unknown>;
  jwt: string;
  /** The JWT's `sub`; Storage records it as the owner of what the caller creates. */
  owner: string | undefined;
  /** True when a JWT was given and verified, even the anon key's. */
  isAuthenticated: boolean;
}

/** Request details Storage exposes to policies through settings. */
export interface RequestScope {
  method: string;
  path: string;
  /** Storage's route operation, readable with `storage.operation()`. */
  operation: string;
}

/** Switch target for `switchTo`: the database owner, bypassing RLS (Storage's `asSuperUser()`). */
export const SUPERUSER = 'superuser';

/**
 * Storage's `setScope` (src/internal/database/postgres/scope.ts): the caller's claims for RLS,
 * the request and operation for policies, and `storage.allow_delete_query`, without which the
 * `protect_delete` triggers refuse deletes. The role is the caller's, or the owner's for the
 * lookups Storage does as superuser.
 */
async function enter(tx: Transaction, caller: Caller, scope: RequestScope, superuser: boolean): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true),
            set_config('request.jwt.claim.role', $2, true),
            set_config('request.jwt', $3, true),
            set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claims', $5, true),
            set_config('request.method', $6, true),
            set_config('request.path', $7, true),
            set_config('storage.operation', $8, true),
            set_config('storage.allow_delete_query', 'true', true)`,
    [
      // `none` is SET ROLE NONE: back to the session user, who owns the storage tables.
      superuser ? 'none' : caller.role,
      caller.role,
      caller.jwt,
      caller.owner ?? '',
      JSON.stringify(caller.isAuthenticated ? caller.claims : { role: 'anon' }),
      scope.method,
      scope.path,
      scope.operation,
    ],
  );
}

/** Switches an open transaction between the caller and the owner (Storage mixes both). */
export async function switchTo(tx: Transaction, actor: Caller | typeof SUPERUSER): Promise<void> {
  await tx.query(`select set_config('role', $1, true)`, [actor === SUPERUSER ? 'none' : actor.role]);
}

/**
 * One short transaction for `caller`, as the caller (RLS applies) or, with `superuser`, as the
 * owner. PGlite has one connection: callers never await file or network I/O in here, or every
 * other request waits.
 */
export async function run<T>(
  db: PGlite,
  caller: Caller,
  scope: RequestScope,
  work: (tx: Transaction) => Promise<T>,
  options: { superuser?: boolean } = {},
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await enter(tx, caller, scope, options.superuser === true);
      return work(tx);
    });
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

class RollbackPermissionTest extends Error {}

/**
 * Storage's `testPermission`: runs the statement as the caller, so RLS decides, then rolls it
 * back. Used before any bytes are accepted.
 */
export async function testPermission(
  db: PGlite,
  caller: Caller,
  scope: RequestScope,
  work: (tx: Transaction) => Promise<void>,
): Promise<void> {
  try {
    await run(db, caller, scope, async (tx) => {
      await work(tx);
      throw new RollbackPermissionTest();
    });
  } catch (error) {
    if (error instanceof RollbackPermissionTest) return;
    throw error;
  }
}

export const isUuid = (value: string | undefined): value is string =>
  value !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
