import { isChunkLike } from '@supabase/ssr';
import { AuthApiError, AuthSessionMissingError, type AuthChangeEvent, type Session, type User } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fetchCurrentUser, getCurrentUser, hasSessionCookie, onAuthChange, signIn, signOut } from '@/lib/auth/browser-session';

type AuthListener = (event: AuthChangeEvent, session: Session | null) => void;

const auth = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signOut: vi.fn(),
  getUser: vi.fn(),
  onAuthStateChange: vi.fn(),
}));
vi.mock('@/lib/supabase/client', () => ({ createClient: () => ({ auth }) }));

const user = { id: 'user-1', email: 'ada@example.com' } as User;
const session = { access_token: 'access', refresh_token: 'refresh', user } as Session;

beforeEach(() => {
  vi.resetAllMocks();
});
afterEach(() => vi.restoreAllMocks());

describe('signIn', () => {
  it('passes e-mail and password and returns the data', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: { user, session }, error: null });

    await expect(signIn('ada@example.com', 'secret')).resolves.toEqual({ user, session });
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
  });

  it("throws an Error with the provider's message and keeps the AuthError as cause", async () => {
    const providerError = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
    auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: providerError });

    const thrown: unknown = await signIn('ada@example.com', 'wrong').catch((error: unknown) => error);

    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toHaveProperty('message', 'Invalid login credentials');
    expect(thrown).toHaveProperty('cause', providerError);
  });
});

describe('signOut', () => {
  it('resolves when the provider succeeds', async () => {
    auth.signOut.mockResolvedValue({ error: null });
    await expect(signOut()).resolves.toBeUndefined();
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it("throws with the provider's message", async () => {
    auth.signOut.mockResolvedValue({ error: new AuthApiError('Session not found', 404, 'session_not_found') });
    await expect(signOut()).rejects.toThrow(new Error('Session not found'));
  });
});

describe('getCurrentUser', () => {
  it('returns the user', async () => {
    auth.getUser.mockResolvedValue({ data: { user }, error: null });
    await expect(getCurrentUser()).resolves.toBe(user);
  });

  it('returns null and logs when the provider fails', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => {});
    auth.getUser.mockResolvedValue({ data: { user: null }, error: new AuthApiError('Server unavailable', 503, undefined) });

    await expect(getCurrentUser()).resolves.toBeNull();
    expect(logError).toHaveBeenCalledOnce();
    expect(String(logError.mock.calls[0]?.[1])).toContain('Server unavailable');
  });

  it('returns null without logging for an anonymous visitor', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => {});
    auth.getUser.mockResolvedValue({ data: { user: null }, error: new AuthSessionMissingError() });

    await expect(getCurrentUser()).resolves.toBeNull();
    expect(logError).not.toHaveBeenCalled();
  });
});

describe('fetchCurrentUser', () => {
  it("throws with the provider's message instead of logging", async () => {
    auth.getUser.mockResolvedValue({ data: { user: null }, error: new AuthApiError('Server unavailable', 503, undefined) });
    await expect(fetchCurrentUser()).rejects.toThrow(new Error('Server unavailable'));
  });
});

describe('onAuthChange', () => {
  function captureListener() {
    const unsubscribe = vi.fn();
    let listener: AuthListener | undefined;
    auth.onAuthStateChange.mockImplementation((next: AuthListener) => {
      listener = next;
      return { data: { subscription: { unsubscribe } } };
    });
    return { unsubscribe, emit: (event: AuthChangeEvent, next: Session | null) => listener?.(event, next) };
  }

  it('calls back with the user, or null after sign-out', async () => {
    const { emit } = captureListener();
    const callback = vi.fn();

    onAuthChange(callback);
    await vi.waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledOnce());
    emit('SIGNED_IN', session);
    emit('SIGNED_OUT', null);

    expect(callback.mock.calls).toEqual([
      [user, 'SIGNED_IN'],
      [null, 'SIGNED_OUT'],
    ]);
  });

  it('returns a function that unsubscribes', async () => {
    const { unsubscribe } = captureListener();

    const stop = onAuthChange(vi.fn());
    await vi.waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledOnce());
    stop();

    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('never subscribes when unsubscribed before the client has loaded', async () => {
    captureListener();

    const stop = onAuthChange(vi.fn());
    stop();
    // Let the dynamic import of the client settle.
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(auth.onAuthStateChange).not.toHaveBeenCalled();
  });
});

describe('hasSessionCookie', () => {
  beforeEach(() => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'https://abcdefgh.supabase.co');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
  });
  afterEach(() => vi.unstubAllEnvs());

  it("finds supabase-js's default storage key, named after the project's host", () => {
    expect(hasSessionCookie('theme=dark; sb-abcdefgh-auth-token=base64-eyJ9')).toBe(true);
  });

  it('finds a session split into chunks', () => {
    expect(hasSessionCookie('sb-abcdefgh-auth-token.0=base64-eyJh; sb-abcdefgh-auth-token.1=In0')).toBe(true);
  });

  it("ignores other projects' sessions, code verifiers and emptied cookies", () => {
    expect(hasSessionCookie('')).toBe(false);
    expect(hasSessionCookie('sb-otherproj-auth-token=base64-eyJ9')).toBe(false);
    expect(hasSessionCookie('sb-abcdefgh-auth-token-code-verifier=abc')).toBe(false);
    expect(hasSessionCookie('sb-abcdefgh-auth-token=')).toBe(false);
  });

  it("takes a cookie name as a session's exactly when @supabase/ssr's isChunkLike does", () => {
    const key = 'sb-abcdefgh-auth-token';
    for (const name of [key, `${key}.0`, `${key}.12`, `${key}.01`, `${key}.x`, `${key}.`, `${key}x.0`, `${key}-code-verifier`, 'theme']) {
      expect(hasSessionCookie(`${name}=In0`), name).toBe(isChunkLike(name, key));
    }
  });

  it('derives the name from the first label of a local address too', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
    expect(hasSessionCookie('sb-127-auth-token=base64-eyJ9')).toBe(true);
  });
});
