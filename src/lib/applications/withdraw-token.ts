import 'server-only';

import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

import { getServerEnv } from '@/lib/supabase/server-env';

/**
 * The link in the confirmation mail that withdraws an application: a JWT (HS256) naming the
 * application, good for nothing else (its own audience and issuer) and only until it expires.
 * It works once by nature: withdrawing deletes the application it names.
 *
 * The key is derived from the server secret for this one purpose, so a token can never be
 * mistaken for anything else the secret keys (the rate-limit buckets).
 */
const AUDIENCE = 'application-withdrawal';
const ISSUER = 'bitwerf-site';

/**
 * As long as the longest an application is kept (a year in the talent pool); any other
 * application is deleted sooner, and its link then finds nothing.
 */
export const WITHDRAW_LINK_DAYS = 365;

function key(): Uint8Array {
  return createHmac('sha256', getServerEnv().rateLimitSecret).update('application-withdraw-link/v1').digest();
}

export async function createWithdrawToken(applicationId: string, issuedAt: Date): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(issuedAt.getTime() + WITHDRAW_LINK_DAYS * 24 * 60 * 60 * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(applicationId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key());
  return { token, expiresAt };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The application a token names, or null for anything that is not a valid, unexpired withdraw token. */
export async function readWithdrawToken(token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], audience: AUDIENCE, issuer: ISSUER });
    return typeof payload.sub === 'string' && UUID.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}
