import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO, STAFF, startTestBackend, type TestBackend } from './helpers';
import { DEFAULT_SESSION_INACTIVITY_SECONDS, DEFAULT_SESSION_TIMEBOX_SECONDS, resolveConfig } from '../src/config';

// GoTrue's sessions.timebox and sessions.inactivity_timeout (GOTRUE_SESSIONS_TIMEBOX,
// GOTRUE_SESSIONS_INACTIVITY_TIMEOUT): a refresh past either ends the session with
// 400 session_expired. The privacy statement promises both periods, so the site depends on this.

let backend: TestBackend;
const TIMEBOX = 4;
const INACTIVITY = 2;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function signIn(account = DEMO) {
  const { data, error } = await backend.client().auth.signInWithPassword(account);
  if (error !== null || data.session === null) throw error ?? new Error('no session');
  return data.session;
}

const refresh = (refreshToken: string) => backend.client().auth.refreshSession({ refresh_token: refreshToken });

beforeAll(async () => {
  backend = await startTestBackend({ sessionTimeboxSeconds: TIMEBOX, sessionInactivitySeconds: INACTIVITY });
});
afterAll(async () => {
  await backend?.close();
});

describe('session limits', () => {
  it('default to thirty days in all and seven days without use, and the environment can change them', () => {
    expect(resolveConfig({}, { NODE_ENV: 'test' })).toMatchObject({
      sessionTimeboxSeconds: DEFAULT_SESSION_TIMEBOX_SECONDS,
      sessionInactivitySeconds: DEFAULT_SESSION_INACTIVITY_SECONDS,
    });
    expect(DEFAULT_SESSION_TIMEBOX_SECONDS).toBe(30 * 24 * 3600);
    expect(DEFAULT_SESSION_INACTIVITY_SECONDS).toBe(7 * 24 * 3600);
    const env = { NODE_ENV: 'test' as const, LOCAL_SUPABASE_SESSION_TIMEBOX: '60', LOCAL_SUPABASE_SESSION_INACTIVITY_TIMEOUT: '0' };
    expect(resolveConfig({}, env)).toMatchObject({ sessionTimeboxSeconds: 60, sessionInactivitySeconds: 0 });
  });

  it('a session left unrefreshed past the inactivity timeout ends, and its row goes with it', async () => {
    const session = await signIn();
    await wait(INACTIVITY + 0.5);
    const { error } = await refresh(session.refresh_token);
    expect(error).toMatchObject({ status: 400, code: 'session_expired', message: 'Invalid Refresh Token: Session Expired (Inactivity)' });
    // The access token has not expired, but the session it names is gone.
    expect((await backend.client().auth.getUser(session.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  it('a session in use ends at the timebox all the same', async () => {
    let refreshToken = (await signIn()).refresh_token;
    for (let second = 1; second < TIMEBOX; second += 1) {
      await wait(1);
      const { data, error } = await refresh(refreshToken);
      expect(error, `refresh after ${second} s`).toBeNull();
      refreshToken = data.session?.refresh_token ?? '';
    }
    await wait(1.5);
    const { error } = await refresh(refreshToken);
    expect(error).toMatchObject({ status: 400, code: 'session_expired', message: 'Invalid Refresh Token: Session Expired' });
  });

  it('a session nobody comes back to is deleted at the next sign-in of anyone, not kept for ever', async () => {
    const forgotten = await signIn(STAFF);
    expect((await backend.client().auth.getUser(forgotten.access_token)).error).toBeNull();
    await wait(INACTIVITY + 0.5);
    await signIn();
    expect((await backend.client().auth.getUser(forgotten.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
  });
});
