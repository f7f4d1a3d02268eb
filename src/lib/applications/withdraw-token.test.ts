import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/supabase/server-env', () => ({ getServerEnv: () => ({ rateLimitSecret: 'a-test-secret-that-is-long-enough-for-hmac-keys' }) }));
const { createWithdrawToken, readWithdrawToken, WITHDRAW_LINK_DAYS } = await import('./withdraw-token');

const id = '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

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
    const otherId = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    expect(await readWithdrawToken(`${header}.${otherId}.${signature}`)).toBeNull();
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(id).setAudience('application-withdrawal').setIssuer('bitwerf-site').setExpirationTime('1h').sign(new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hmac-keys'));
    expect(await readWithdrawToken(foreign)).toBeNull();
  });

  it('are refused when they are not tokens at all', async () => {
    for (const value of [undefined, 42, '', 'x'.repeat(5000), 'a.b.c', ['token']]) expect(await readWithdrawToken(value)).toBeNull();
  });
});
