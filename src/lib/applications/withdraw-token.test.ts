import { createHmac } from 'node:crypto';

import { decodeProtectedHeader, SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const env = vi.hoisted(() => ({ rateLimitSecret: '', withdrawLinkSecrets: [] as string[] }));
vi.mock('@/lib/env/server', () => ({ getServerEnv: () => env }));
const { createWithdrawToken, readWithdrawToken, WITHDRAW_LINK_DAYS } = await import('./withdraw-token');

const id = '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const rateLimitSecret = 'a-test-secret-that-is-long-enough-for-hmac-keys';
const withdrawSecret = 'the-withdraw-link-secret-long-enough-for-hmac';

beforeEach(() => {
  env.rateLimitSecret = rateLimitSecret;
  env.withdrawLinkSecrets = [withdrawSecret];
});

/** A link as mailed before links had their own secret: no key id, key derived from the rate-limit secret. */
async function legacyToken(issuedAt: Date, days = WITHDRAW_LINK_DAYS): Promise<string> {
  const key = createHmac('sha256', rateLimitSecret).update('application-withdraw-link/v1').digest();
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id)
    .setAudience('application-withdrawal')
    .setIssuer('bitwerf-site')
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + days * 86_400)
    .sign(key);
}

describe('withdraw tokens', () => {
  it('name the application they were made for, until they expire', async () => {
    const { token, expiresAt } = await createWithdrawToken(id, new Date());
    expect(await readWithdrawToken(token)).toBe(id);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan((WITHDRAW_LINK_DAYS - 1) * 86_400_000);
  });

  it('are refused once expired', async () => {
    const longAgo = new Date(Date.now() - (WITHDRAW_LINK_DAYS + 1) * 86_400_000);
    expect(await readWithdrawToken((await createWithdrawToken(id, longAgo)).token)).toBeNull();
  });

  it('are refused when altered, or signed with another key or for another purpose', async () => {
    const { token } = await createWithdrawToken(id, new Date());
    const [header, payload, signature] = token.split('.');
    const otherId = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    expect(await readWithdrawToken(`${header}.${otherId}.${signature}`)).toBeNull();
    const kid = decodeProtectedHeader(token).kid ?? '';
    for (const raw of [withdrawSecret, rateLimitSecret]) {
      const foreign = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', kid })
        .setSubject(id)
        .setAudience('application-withdrawal')
        .setIssuer('bitwerf-site')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(raw));
      expect(await readWithdrawToken(foreign)).toBeNull();
    }
  });

  it('are refused when they are not tokens at all', async () => {
    for (const value of [undefined, 42, '', 'x'.repeat(5000), 'a.b.c', ['token']]) expect(await readWithdrawToken(value)).toBeNull();
  });

  it('are signed with their own secret, so rotating the rate-limit secret leaves mailed links working (review 2, finding 10)', async () => {
    const { token } = await createWithdrawToken(id, new Date());
    env.rateLimitSecret = 'a-rotated-rate-limit-secret-long-enough-for-keys';
    expect(await readWithdrawToken(token)).toBe(id);
  });

  it('name their key, which does not give the secret away', async () => {
    const { kid } = decodeProtectedHeader((await createWithdrawToken(id, new Date())).token);
    expect(kid).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(withdrawSecret).not.toContain(kid);
    env.withdrawLinkSecrets = ['another-withdraw-link-secret-long-enough-for-it'];
    expect(decodeProtectedHeader((await createWithdrawToken(id, new Date())).token).kid).not.toBe(kid);
  });

  it('keep working under a secret that was rotated out but is still listed, and stop once it is removed', async () => {
    const { token } = await createWithdrawToken(id, new Date());
    env.withdrawLinkSecrets = ['the-next-withdraw-link-secret-long-enough-too', withdrawSecret];
    expect(await readWithdrawToken(token)).toBe(id);
    const fresh = (await createWithdrawToken(id, new Date())).token;
    expect(decodeProtectedHeader(fresh).kid).not.toBe(decodeProtectedHeader(token).kid);
    env.withdrawLinkSecrets = ['the-next-withdraw-link-secret-long-enough-too'];
    expect(await readWithdrawToken(token)).toBeNull();
    expect(await readWithdrawToken(fresh)).toBe(id);
  });

  it('still accept links mailed before they had a secret of their own, until those expire', async () => {
    expect(await readWithdrawToken(await legacyToken(new Date()))).toBe(id);
    expect(await readWithdrawToken(await legacyToken(new Date(Date.now() - (WITHDRAW_LINK_DAYS + 1) * 86_400_000)))).toBeNull();
  });
});
