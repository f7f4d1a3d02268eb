import 'server-only';

import { createHmac } from 'node:crypto';

import { jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';

import { getServerEnv } from '@/lib/env/server';
import { isUuid } from '@/lib/uuid';

/**
 * The link in the confirmation mail that withdraws an application: a JWT (HS256) naming the
 * application, good for nothing else (its own audience and issuer) and only until it expires.
 * It works once by nature: withdrawing deletes the application it names.
 *
 * The key comes from WITHDRAW_LINK_SECRET, the links' own secret, and the token names it by a key
 * id: a rotation lists the new secret first and keeps the old one until its links expire.
 */
const AUDIENCE = 'application-withdrawal';
const ISSUER = 'bitwerf-site';

/**
 * As long as the longest an application is kept (a year in the talent pool); any other
 * application is deleted sooner, and its link then finds nothing.
 */
export const WITHDRAW_LINK_DAYS = 365;

const derive = (secret: string, purpose: string): Buffer => createHmac('sha256', secret).update(purpose).digest();

const signingKey = (secret: string): Buffer => derive(secret, 'application-withdraw-link/v2');

/** Names a secret without giving it away: a separate derivation, cut short. */
const keyId = (secret: string): string => derive(secret, 'application-withdraw-link/key-id').toString('base64url').slice(0, 16);

/**
 * Links mailed before they had a secret of their own carry no key id and were signed with a key
 * derived from RATE_LIMIT_SECRET. They keep working until they expire (WITHDRAW_LINK_DAYS after
 * the last of them was sent); after that this branch can go.
 */
const legacyKey = (): Buffer => derive(getServerEnv().rateLimitSecret, 'application-withdraw-link/v1');

function verificationKey({ kid }: JWTHeaderParameters): Buffer {
  if (kid === undefined) return legacyKey();
  const secret = getServerEnv().withdrawLinkSecrets.find((candidate) => keyId(candidate) === kid);
  if (secret === undefined) throw new Error('unknown withdraw link key');
  return signingKey(secret);
}

function currentSecret(): string {
  const [secret] = getServerEnv().withdrawLinkSecrets;
  if (secret === undefined) throw new Error('WITHDRAW_LINK_SECRET is missing');
  return secret;
}

export async function createWithdrawToken(applicationId: string, issuedAt: Date): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(issuedAt.getTime() + WITHDRAW_LINK_DAYS * 24 * 60 * 60 * 1000);
  const secret = currentSecret();
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', kid: keyId(secret) })
    .setSubject(applicationId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey(secret));
  return { token, expiresAt };
}

/** The application a token names, or null for anything that is not a valid, unexpired withdraw token. */
export async function readWithdrawToken(token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, verificationKey, { algorithms: ['HS256'], audience: AUDIENCE, issuer: ISSUER });
    return isUuid(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}
