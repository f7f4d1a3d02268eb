import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';

import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from '../src/keys';

const secret = new TextEncoder().encode(JWT_SECRET);

describe('well-known local keys', () => {
  it.each([
    ['anon', ANON_KEY],
    ['service_role', SERVICE_ROLE_KEY],
  ])('the %s key is an HS256 token of supabase-demo signed with the CLI secret', async (role, key) => {
    expect(decodeProtectedHeader(key)).toEqual({ alg: 'HS256', typ: 'JWT' });
    // currentDate before exp so the check is about the signature, not the calendar.
    const { payload } = await jwtVerify(key, secret, { algorithms: ['HS256'], currentDate: new Date('2030-01-01') });
    expect(payload).toEqual({ iss: 'supabase-demo', role, exp: 1983812996 });
  });

  it('rejects the keys under any other secret', async () => {
    await expect(jwtVerify(ANON_KEY, new TextEncoder().encode('another-secret-of-at-least-32-characters'))).rejects.toThrow();
  });
});
