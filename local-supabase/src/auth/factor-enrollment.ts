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
