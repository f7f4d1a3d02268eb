import { callerAal, type Caller } from './guards';
import { listFactors } from './users';
import type { Queryable } from '../db/database';
import { AuthApiError } from '../http/errors';

/** `[auth.mfa] max_enrolled_factors` in supabase/config.toml, GoTrue's default too. */
const MAX_ENROLLED_FACTORS = 10;
/** GoTrue's `MFA_MAX_VERIFIED_FACTORS` default. */
const MAX_VERIFIED_FACTORS = 10;
/** GoTrue's `MFA_FACTOR_EXPIRY_DURATION` (300 s, never less). */
const FACTOR_EXPIRY_SECONDS = 300;

/**
 * GoTrue's `validateFactors`, run before any factor is enrolled, with its checks in its order:
 * unverified factors that expired unchallenged are deleted (`DeleteExpiredFactors`, for every
 * user, as GoTrue does), then the friendly name must be new (two empty names clash too), then
 * the limits, then a user with a verified factor must be at aal2.
 */
export async function validateFactors(q: Queryable, caller: Caller, friendlyName: string): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors f where f.status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $1) < now()`,
    [FACTOR_EXPIRY_SECONDS],
  );
  const factors = await listFactors(q, caller.user.id);
  if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
    throw new AuthApiError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === 'verified').length;
  if (factors.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
    throw new AuthApiError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (verified > 0 && callerAal(caller) !== 'aal2') {
    throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/**
 * A new unverified factor of `type`, with its secret (TOTP) or number (phone), after
 * validateFactors in the same transaction, so concurrent enrolments cannot pass the limits together.
 */
export async function insertUnverifiedFactor(
  db: { transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T> },
  caller: Caller,
  friendlyName: string,
  factor: { type: 'totp'; secret: string } | { type: 'phone'; phone: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await validateFactors(tx, caller, friendlyName);
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone)
       values ($1, $2, $3, $4, 'unverified', now(), now(), $5, $6)`,
      [
        id,
        caller.user.id,
        friendlyName,
        factor.type,
        factor.type === 'totp' ? factor.secret : null,
        factor.type === 'phone' ? factor.phone : null,
      ],
    );
  });
  return id;
}
