import { afterAll, beforeAll, expect, it } from 'vitest';

import { DEMO, startTestBackend, type TestBackend } from './helpers';

let backend: TestBackend;

beforeAll(async () => {
  // Three seconds, not one: the refreshed token below must still be valid when it is checked, and
  // on a loaded two-core machine a second passed between the refresh and the check.
  backend = await startTestBackend({ jwtExpSeconds: 3 });
});
afterAll(async () => {
  await backend?.close();
});

it('honours a short JWT lifetime, so expiry and refresh can be watched', async () => {
  const client = backend.client();
  const { data } = await client.auth.signInWithPassword(DEMO);
  expect(data.session?.expires_in).toBe(3);
  const token = data.session?.access_token ?? '';
  await new Promise((resolve) => setTimeout(resolve, 4100));

  const claims = await backend.client().auth.getClaims(token);
  expect(claims.error).toMatchObject({ name: 'AuthInvalidJwtError', message: 'JWT has expired' });

  const user = await backend.client().auth.getUser(token);
  expect(user.error).toMatchObject({ status: 403, code: 'bad_jwt' });

  const rest = await backend.fetch('/rest/v1/anything', { headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` } });
  expect(rest.status).toBe(401);
  expect(await rest.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });

  // getSession refreshes a session that is this close to expiry.
  const { data: refreshed, error } = await client.auth.getSession();
  expect(error).toBeNull();
  expect(refreshed.session?.access_token).not.toBe(token);
  expect((await backend.client().auth.getClaims(refreshed.session?.access_token)).error).toBeNull();
});
