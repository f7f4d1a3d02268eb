import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AuthProvider as AuthProviderType } from '@/components/auth/auth-provider';
import type * as AuthHelpers from '@/lib/auth/browser-session';
import type { useAuth as useAuthType } from '@/lib/auth/use-auth';

type AuthListener = (event: AuthChangeEvent, session: Session | null) => void;

// The real helpers run against a fake browser client. `clientModule.loaded` records when the
// client module (and with it supabase-js) is first imported; beforeEach mocks it afresh per test.
const clientModule = {
  loaded: false,
  auth: { getUser: vi.fn(), getSession: vi.fn(), onAuthStateChange: vi.fn() },
};
const { auth } = clientModule;

const ada = { id: 'user-1', email: 'ada@example.com' } as User;
const grace = { id: 'user-2', email: 'grace@example.com' } as User;
const sessionOf = (user: User) => ({ access_token: 'a', refresh_token: 'r', user }) as Session;

let emit: AuthListener = () => {
  throw new Error('not subscribed yet');
};
const unsubscribe = vi.fn();

// Run idle callbacks by hand, to see what happens before and after idle.
let idleCallbacks: IdleRequestCallback[] = [];
function runIdleCallbacks() {
  const pending = idleCallbacks;
  idleCallbacks = [];
  for (const callback of pending) callback({ didTimeout: false, timeRemaining: () => 50 });
}

// Fresh modules per test: whether the client has loaded is module state, and
// several tests are about exactly that.
let AuthProvider: typeof AuthProviderType;
let useAuth: typeof useAuthType;
let helpers: typeof AuthHelpers;

const SESSION_COOKIE = 'sb-127-auth-token';
function storeSessionCookie() {
  document.cookie = `${SESSION_COOKIE}=base64-eyJhY2Nlc3NfdG9rZW4iOiJhIn0; path=/`;
}
function clearSessionCookie() {
  document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
}

function Probe() {
  const { user, loading, error } = useAuth();
  return (
    <>
      <p data-testid="loading">{String(loading)}</p>
      <p data-testid="user">{user?.email ?? 'none'}</p>
      <p data-testid="error">{error ?? 'none'}</p>
    </>
  );
}

function renderProvider() {
  return render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(async () => {
  vi.resetAllMocks();
  vi.resetModules();
  clientModule.loaded = false;
  vi.doMock('@/lib/supabase/client', () => {
    clientModule.loaded = true;
    return { createClient: () => ({ auth: clientModule.auth }) };
  });
  ({ AuthProvider } = await import('@/components/auth/auth-provider'));
  ({ useAuth } = await import('@/lib/auth/use-auth'));
  helpers = await import('@/lib/auth/browser-session');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'anon-key');
  // Most tests are about a browser that holds a session; the anonymous ones clear it.
  storeSessionCookie();
  idleCallbacks = [];
  window.requestIdleCallback = vi.fn((callback: IdleRequestCallback) => {
    idleCallbacks.push(callback);
    return idleCallbacks.length;
  });
  window.cancelIdleCallback = vi.fn();
  auth.onAuthStateChange.mockImplementation((listener: AuthListener) => {
    emit = listener;
    return { data: { subscription: { unsubscribe } } };
  });
});
afterEach(() => {
  // Unmount while the stubs still exist: the provider's cleanup cancels its idle callback.
  cleanup();
  // @ts-expect-error jsdom has no requestIdleCallback; remove the stub so other tests see the real environment.
  delete window.requestIdleCallback;
  // @ts-expect-error as above
  delete window.cancelIdleCallback;
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  clearSessionCookie();
});

describe('AuthProvider', () => {
  it('loads supabase only once the page is idle, then ends loading with the user', async () => {
    auth.getUser.mockResolvedValue({ data: { user: ada }, error: null });

    renderProvider();

    expect(text('loading')).toBe('true');
    expect(text('user')).toBe('none');
    expect(clientModule.loaded).toBe(false);
    expect(auth.getUser).not.toHaveBeenCalled();

    act(() => runIdleCallbacks());

    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(clientModule.loaded).toBe(true);
    expect(text('user')).toBe('ada@example.com');
    expect(text('error')).toBe('none');
    expect(auth.getUser).toHaveBeenCalledOnce();
  });

  it('falls back to a timer where requestIdleCallback is missing', async () => {
    // @ts-expect-error simulate Safari, which has no requestIdleCallback
    delete window.requestIdleCallback;
    auth.getUser.mockResolvedValue({ data: { user: ada }, error: null });

    renderProvider();

    expect(text('loading')).toBe('true');
    await waitFor(() => expect(text('user')).toBe('ada@example.com'));
    expect(text('loading')).toBe('false');
  });

  it.each<[AuthChangeEvent, User | null, string]>([
    ['SIGNED_IN', grace, 'grace@example.com'],
    ['SIGNED_OUT', null, 'none'],
    ['TOKEN_REFRESHED', grace, 'grace@example.com'],
    ['MFA_CHALLENGE_VERIFIED', grace, 'grace@example.com'],
    ['USER_UPDATED', grace, 'grace@example.com'],
    ['PASSWORD_RECOVERY', grace, 'grace@example.com'],
  ])('follows %s', async (event, user, shown) => {
    auth.getUser.mockResolvedValue({ data: { user: ada }, error: null });
    renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledOnce());
    expect(text('user')).toBe('ada@example.com');

    act(() => emit(event, user ? sessionOf(user) : null));

    expect(text('user')).toBe(shown);
    expect(text('loading')).toBe('false');
  });

  it('follows a whole sequence of events, not only the first', async () => {
    auth.getUser.mockResolvedValue({ data: { user: null }, error: null });
    renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledOnce());

    act(() => emit('SIGNED_IN', sessionOf(ada)));
    expect(text('user')).toBe('ada@example.com');
    act(() => emit('SIGNED_OUT', null));
    expect(text('user')).toBe('none');
    act(() => emit('SIGNED_IN', sessionOf(grace)));
    expect(text('user')).toBe('grace@example.com');
  });

  it('ignores INITIAL_SESSION, which the fetch already covered', async () => {
    auth.getUser.mockResolvedValue({ data: { user: null }, error: null });
    renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledOnce());

    act(() => emit('INITIAL_SESSION', sessionOf(ada)));

    expect(text('user')).toBe('none');
  });

  it('stores the message of a failed fetch and ends loading', async () => {
    auth.getUser.mockResolvedValue({ data: { user: null }, error: new Error('Failed to fetch') });
    renderProvider();
    act(() => runIdleCallbacks());

    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(text('error')).toBe('Failed to fetch');
    expect(text('user')).toBe('none');
  });

  it("stores 'Unknown error' when the failure is not an Error", async () => {
    auth.getUser.mockRejectedValue('offline');
    renderProvider();
    act(() => runIdleCallbacks());

    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(text('error')).toBe('Unknown error');
  });

  it('still follows a sign-in after a failed fetch', async () => {
    auth.getUser.mockRejectedValue(new Error('Failed to fetch'));
    renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledOnce());

    act(() => emit('SIGNED_IN', sessionOf(ada)));

    expect(text('user')).toBe('ada@example.com');
  });

  it('unsubscribes on unmount', async () => {
    auth.getUser.mockResolvedValue({ data: { user: ada }, error: null });
    const { unmount } = renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledOnce());

    unmount();

    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('never loads supabase for an anonymous visitor: without a session cookie, loading ends with nobody', async () => {
    clearSessionCookie();
    renderProvider();

    act(() => runIdleCallbacks());

    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(text('user')).toBe('none');
    expect(text('error')).toBe('none');
    expect(clientModule.loaded).toBe(false);
    expect(auth.getUser).not.toHaveBeenCalled();
  });

  it('on an anonymous page, still follows a sign-in once something else loads the client', async () => {
    clearSessionCookie();
    renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(auth.onAuthStateChange).not.toHaveBeenCalled();

    // E.g. a sign-in form on the page, which needs the client.
    helpers.onAuthChange(() => undefined);
    await waitFor(() => expect(auth.onAuthStateChange).toHaveBeenCalledTimes(2));
    const [[providerListener]] = auth.onAuthStateChange.mock.calls as [[AuthListener]];
    act(() => providerListener('SIGNED_IN', sessionOf(ada)));

    expect(text('user')).toBe('ada@example.com');
  });

  it('when the tab comes back into view, picks up a sign-in made elsewhere', async () => {
    clearSessionCookie();
    renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(text('loading')).toBe('false'));
    // The listener is attached by an effect of that render; let it run before the tab turns visible.
    await act(async () => {});

    storeSessionCookie();
    auth.getSession.mockResolvedValue({ data: { session: sessionOf(grace) }, error: null });
    auth.getUser.mockResolvedValue({ data: { user: grace }, error: null });
    act(() => document.dispatchEvent(new Event('visibilitychange')));

    await waitFor(() => expect(text('user')).toBe('grace@example.com'));
    expect(auth.getUser).toHaveBeenCalledOnce();
  });

  it('when the tab comes back into view after a sign-out elsewhere, clears the user without a request', async () => {
    auth.getUser.mockResolvedValue({ data: { user: ada }, error: null });
    renderProvider();
    act(() => runIdleCallbacks());
    await waitFor(() => expect(text('user')).toBe('ada@example.com'));
    await act(async () => {});

    clearSessionCookie();
    act(() => document.dispatchEvent(new Event('visibilitychange')));

    await waitFor(() => expect(text('user')).toBe('none'));
    expect(auth.getUser).toHaveBeenCalledOnce();
    expect(auth.getSession).not.toHaveBeenCalled();
  });

  it('cancels the idle work when unmounted before idle', () => {
    const { unmount } = renderProvider();
    unmount();

    expect(window.cancelIdleCallback).toHaveBeenCalledOnce();
  });
});

describe('useAuth', () => {
  it('refuses to run outside AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used inside <AuthProvider>.');
  });
});
