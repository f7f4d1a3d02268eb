import type { Hono } from 'hono';
import { verify as verifyTotp } from 'otplib';
import { z } from 'zod';

import { readAuthBody } from '../../http/body';
import { AuthApiError } from '../../http/errors';
import { FailureCounter } from '../attempts';
import type { AuthContext } from '../context';
import { callerAal, clientInfo, requireUser, type Caller } from '../guards';
import { challengePhoneFactor, enrollPhoneFactor, phoneCodeMatches } from '../phone-factor';
import { addAmrClaim, rotateSessionTokens, syncSessionAal, tokenResponse, type AmrMethod } from '../sessions';
import { parseSmsTemplate } from '../sms-template';
import { enrollTotpFactor } from '../totp-factor';
import { isUuid, listFactors, type FactorRow } from '../users';

const enrollBody = z.object({
  factor_type: z.string().optional(),
  friendly_name: z.string().optional(),
  issuer: z.string().optional(),
  phone: z.string().optional(),
});
const challengeBody = z.object({ channel: z.string().optional() }).loose();
const verifyBody = z.object({ challenge_id: z.string().optional(), code: z.string().optional() }).loose();

/** GoTrue's `MFA_CHALLENGE_EXPIRY_DURATION` (300 s, never less), for TOTP and phone challenges alike. */
const CHALLENGE_TTL_MS = 300_000;

/**
 * Guessing limits GoTrue leaves to an MFA verification hook; hosted projects are advised to add
 * one. A challenge dies after MAX_CHALLENGE_FAILURES wrong codes. After MAX_FACTOR_FAILURES wrong
 * codes within FACTOR_FAILURE_WINDOW_MS the factor refuses every code, and the user is signed
 * out, exactly as GoTrue answers a hook's rejection. A million codes with three valid at a time
 * then take years to guess.
 */
const MAX_CHALLENGE_FAILURES = 3;
const MAX_FACTOR_FAILURES = 5;
const FACTOR_FAILURE_WINDOW_MS = 15 * 60_000;
const REJECTION_MESSAGE = 'Further MFA verification attempts will be rejected.';

const challengeExpired = (id: string): AuthApiError =>
  new AuthApiError(
    422,
    'mfa_challenge_expired',
    `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
  );

const unknownFactorType = (): AuthApiError =>
  new AuthApiError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
const phoneVerifyDisabled = (): AuthApiError =>
  new AuthApiError(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');

/** GoTrue's `amrMethodForFactorType`: `totp` (not `mfa/totp`), `mfa/phone`, `mfa/webauthn`. */
function amrMethodOf(factorType: string): AmrMethod | 'mfa/webauthn' {
  if (factorType === 'phone') return 'mfa/phone';
  return factorType === 'webauthn' ? 'mfa/webauthn' : 'totp';
}

/** The AMR method a verification of `factor` adds, after GoTrue's per-type "enabled" checks. */
function verifiedMethod(factor: FactorRow, phoneVerifyEnabled: boolean): 'totp' | 'mfa/phone' {
  if (factor.factor_type === 'totp') return 'totp';
  if (factor.factor_type !== 'phone') throw unknownFactorType();
  if (!phoneVerifyEnabled) throw phoneVerifyDisabled();
  return 'mfa/phone';
}

interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
  /** The code sent for a phone challenge; null for TOTP. */
  otp_code: string | null;
}

async function ownFactor(ctx: AuthContext, caller: Caller, factorId: string): Promise<FactorRow | undefined> {
  if (!isUuid(factorId)) return undefined;
  return (await listFactors(ctx.db, caller.user.id)).find((factor) => factor.id === factorId);
}

export function registerFactorRoutes(app: Hono, ctx: AuthContext): void {
  const challengeFailures = new FailureCounter(MAX_CHALLENGE_FAILURES, CHALLENGE_TTL_MS);
  const factorFailures = new FailureCounter(MAX_FACTOR_FAILURES, FACTOR_FAILURE_WINDOW_MS);
  // The newest accepted 30-second step per factor: a code is good once, in whichever session.
  const lastAcceptedStep = new Map<string, number>();
  // resolveConfig has already refused a template Go would render differently.
  const smsTemplate = parseSmsTemplate(ctx.config.mfaPhone.template);

  app.post('/factors', async (c) => {
    const caller = await requireUser(c, ctx);
    if (caller.user.is_anonymous) throw new AuthApiError(403, 'no_authorization', 'Anonymous users cannot enroll MFA factors');
    const body = await readAuthBody(c, enrollBody);
    switch (body.factor_type ?? '') {
      case 'phone':
        if (!ctx.config.mfaPhone.enrollEnabled)
          throw new AuthApiError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
        return c.json(await enrollPhoneFactor(ctx, caller, body));
      case 'totp':
        return c.json(await enrollTotpFactor(ctx, caller, body));
      case 'webauthn':
        throw new AuthApiError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
      default:
        throw unknownFactorType();
    }
  });

  app.post('/factors/:id/challenge', async (c) => {
    const caller = await requireUser(c, ctx);
    const factor = await ownFactor(ctx, caller, c.req.param('id'));
    if (factor === undefined) throw new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
    const ip = clientInfo(c).ip;
    let challenge: { id: string; createdAt: Date };
    if (factor.factor_type === 'phone') {
      if (!ctx.config.mfaPhone.verifyEnabled) throw phoneVerifyDisabled();
      const body = await readAuthBody(c, challengeBody);
      challenge = await challengePhoneFactor(ctx, smsTemplate, factor, body.channel ?? '', ip);
    } else if (factor.factor_type === 'totp') {
      // GoTrue's TOTP challenge reads no body: auth-js sends its parameters object, which it ignores.
      challenge = { id: crypto.randomUUID(), createdAt: new Date() };
      const { id, createdAt } = challenge;
      await ctx.db.transaction(async (tx) => {
        await tx.query('insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)', [
          id,
          factor.id,
          createdAt,
          ip,
        ]);
        await tx.query('update auth.mfa_factors set last_challenged_at = $2, updated_at = now() where id = $1', [factor.id, createdAt]);
      });
    } else {
      throw unknownFactorType();
    }
    return c.json({
      id: challenge.id,
      type: factor.factor_type,
      expires_at: Math.floor((challenge.createdAt.getTime() + CHALLENGE_TTL_MS) / 1000),
    });
  });

  app.post('/factors/:id/verify', async (c) => {
    const caller = await requireUser(c, ctx);
    // GoTrue loads the factor (404) before it reads the body.
    const factor = await ownFactor(ctx, caller, c.req.param('id'));
    if (factor === undefined) throw new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
    const body = await readAuthBody(c, verifyBody);
    const code = body.code ?? '';
    if (code === '') throw new AuthApiError(400, 'validation_failed', 'Code needs to be non-empty');
    const method = verifiedMethod(factor, ctx.config.mfaPhone.verifyEnabled);
    const challengeId = body.challenge_id ?? '';
    const found = isUuid(challengeId)
      ? await ctx.db.query<ChallengeRow>(
          'select id, factor_id, created_at, verified_at, host(ip_address) as ip_address, otp_code from auth.mfa_challenges where id = $1',
          [challengeId],
        )
      : { rows: [] };
    const challenge = found.rows[0];
    // A challenge killed by wrong codes is deleted; until it would have expired, say so.
    if (challenge === undefined && challengeFailures.count(challengeId) >= MAX_CHALLENGE_FAILURES) throw challengeExpired(challengeId);
    if (challenge === undefined || challenge.factor_id !== factor.id) {
      throw new AuthApiError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    // GoTrue answers a reused challenge with the IP-mismatch error too (contract §2.2).
    if (challenge.verified_at !== null || challenge.ip_address !== clientInfo(c).ip) {
      throw new AuthApiError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (Date.now() > challenge.created_at.getTime() + CHALLENGE_TTL_MS) throw challengeExpired(challenge.id);
    // Check and count in one synchronous step, before the await below (see FailureCounter).
    if (factorFailures.count(factor.id) >= MAX_FACTOR_FAILURES) {
      await ctx.db.query('delete from auth.sessions where user_id = $1', [caller.user.id]);
      throw new AuthApiError(403, 'mfa_verification_rejected', REJECTION_MESSAGE);
    }
    if (!challengeFailures.tryAttempt(challenge.id)) throw challengeExpired(challenge.id);
    factorFailures.tryAttempt(factor.id);
    let step: number | undefined;
    let valid: boolean;
    if (method === 'mfa/phone') {
      valid = phoneCodeMatches(challenge.otp_code, code);
    } else {
      // pquerna/otp trims the code. Skew 1 as in GoTrue: the previous, current and next 30-second
      // steps are accepted, but none at or before the step this factor last accepted.
      const token = code.trim();
      if (token !== '') {
        const result = await verifyTotp({
          secret: factor.secret ?? '',
          token,
          epochTolerance: 30,
          afterTimeStep: lastAcceptedStep.get(factor.id),
        });
        step = result.valid && 'timeStep' in result ? result.timeStep : undefined;
      }
      // Re-checked after the await: a concurrent request may have accepted the same step meanwhile.
      valid = step !== undefined && step > (lastAcceptedStep.get(factor.id) ?? -1);
    }
    if (!valid) {
      if (challengeFailures.count(challenge.id) >= MAX_CHALLENGE_FAILURES) {
        await ctx.db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
      }
      throw new AuthApiError(
        422,
        'mfa_verification_failed',
        method === 'mfa/phone' ? 'Invalid MFA Phone code entered' : 'Invalid TOTP code entered',
      );
    }
    if (step !== undefined) lastAcceptedStep.set(factor.id, step);
    challengeFailures.succeeded(challenge.id);
    factorFailures.succeeded(factor.id);
    const sessionId = caller.sessionId;
    if (sessionId === undefined) throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');

    const response = await ctx.db.transaction(async (tx) => {
      await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      // GoTrue's DeleteUnverifiedFactors: the user's other unverified factors of this type go.
      await tx.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = $3 and status = 'unverified' and id <> $2`, [
        caller.user.id,
        factor.id,
        factor.factor_type,
      ]);
      await addAmrClaim(tx, sessionId, method);
      await tx.query('update auth.sessions set factor_id = $2 where id = $1', [sessionId, factor.id]);
      await syncSessionAal(tx, sessionId);
      // Sessions that never reached AAL2 lose access once the account has a verified factor.
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') <> 'aal2'`, [
        caller.user.id,
        sessionId,
      ]);
      const refreshToken = await rotateSessionTokens(tx, caller.user.id, sessionId);
      return tokenResponse(tx, ctx, caller.user.id, sessionId, refreshToken);
    });
    return c.json(response);
  });

  app.delete('/factors/:id', async (c) => {
    const caller = await requireUser(c, ctx);
    const factor = await ownFactor(ctx, caller, c.req.param('id'));
    if (factor === undefined) throw new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
    if (factor.status === 'verified' && callerAal(caller) !== 'aal2') {
      throw new AuthApiError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // GoTrue's DowngradeSessionsToAAL1: sessions that stepped up with this factor lose its AMR
      // claim and drop to aal1, even while another verified factor remains.
      await tx.query(
        `delete from auth.mfa_amr_claims where authentication_method = $2
         and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $3)`,
        [caller.user.id, amrMethodOf(factor.factor_type), factor.id],
      );
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`, [
        caller.user.id,
        factor.id,
      ]);
      const remaining = await tx.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`, [caller.user.id]);
      if (remaining.rows.length === 0) {
        // Without a verified factor no session can stay AAL2.
        await tx.query(
          `delete from auth.mfa_amr_claims where authentication_method in ('totp', 'mfa/phone', 'mfa/webauthn')
           and session_id in (select id from auth.sessions where user_id = $1)`,
          [caller.user.id],
        );
        await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1`, [caller.user.id]);
      }
    });
    return c.json({ id: factor.id });
  });
}
