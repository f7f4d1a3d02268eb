import { createHash, randomBytes } from 'node:crypto';

import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { parse } from 'node-html-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { startTestBackend, type TestBackend } from './helpers';
import { IDP_ACCOUNTS } from '../src/idp/accounts';
import { DEMO_ACCOUNTS } from '../src/keys';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const SITE = 'http://localhost:3000';
const CALLBACK = `${SITE}/auth/callback?next=%2Faccount`;
const account = (email: string, verified = true) => {
  const found = IDP_ACCOUNTS.find((candidate) => candidate.email === email && candidate.email_verified === verified);
  if (found === undefined) throw new Error(`no IdP account ${email}`);
  return found;
};
const DEMO_AT_IDP = account('demo@bitwerf.nl');

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What a browser keeps for the provider's origin (cookies ignore ports, and so does this jar). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const location = (response: Response, base?: string): string => {
  const value = response.headers.get('location');
  if (value === null) throw new Error(`no Location on ${response.status}`);
  return new URL(value, base).href;
};

function authorizeUrl(params: Record<string, string>): string {
  return `${backend.url}/auth/v1/authorize?${new URLSearchParams(params)}`;
}

interface IdpVisit {
  /** The sign-in page the browser was shown. */
  page: string;
  /** Where the provider sent the browser back to: Auth's /callback with code and state. */
  callback: string;
  /** Where the Auth server finally sends the browser, as the Location header says it. */
  final: string;
}

/** A browser through the whole flow: Auth's /authorize, the provider's page, a choice, back through Auth's /callback. */
async function signInThroughIdp(
  authorize: string,
  choice: { account: string } | { email: string } | 'cancel',
  headers: Record<string, string> = {},
): Promise<IdpVisit> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined), cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  const started = await go(authorize);
  expect(started.status).toBe(302);
  const atIdp = await go(location(started));
  expect(atIdp.status).toBe(303);
  const pageUrl = location(atIdp, backend.idpUrl);
  const shown = await go(pageUrl);
  expect(shown.status).toBe(200);
  const page = await shown.text();
  const body =
    choice === 'cancel'
      ? 'action=cancel'
      : 'email' in choice
        ? `action=address&email=${encodeURIComponent(choice.email)}`
        : `account=${choice.account}`;
  const submitted = await go(pageUrl, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(submitted.status).toBe(303);
  const resumed = await go(location(submitted, backend.idpUrl));
  expect(resumed.status).toBe(303);
  const callback = location(resumed);
  expect(callback.startsWith(`${backend.url}/auth/v1/callback?`)).toBe(true);
  const back = await go(callback);
  expect(back.status).toBe(302);
  return { page, callback, final: back.headers.get('location') ?? '' };
}

async function pkceExchange(authCode: string, verifier: string): Promise<Response> {
  return backend.fetch('/auth/v1/token?grant_type=pkce', {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ auth_code: authCode, code_verifier: verifier }),
  });
}

/** A PKCE sign-in of the given provider account with `scopes: 'openid'`, as the site asks for it. */
async function pkceSignIn(sub: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair();
  const visit = await signInThroughIdp(
    authorizeUrl({
      provider: 'keycloak',
      redirect_to: CALLBACK,
      scopes: 'openid',
      code_challenge: challenge,
      code_challenge_method: 's256',
      ...extra,
    }),
    { account: sub },
  );
  return { ...visit, verifier, code: new URL(visit.final).searchParams.get('code') };
}

describe('GET /settings', () => {
  it('reports keycloak on while the local provider runs, every other provider off', async () => {
    const settings = (await (await backend.fetch('/auth/v1/settings', { headers: { apikey: backend.anonKey } })).json()) as {
      external: Record<string, boolean>;
    };
    const on = Object.entries(settings.external)
      .filter(([, enabled]) => enabled)
      .map(([name]) => name);
    expect(on.sort()).toEqual(['email', 'keycloak']);
  });
});

describe('GET /authorize', () => {
  it('redirects to the realm authorization endpoint with the flow state id as state, no API key needed', async () => {
    const { challenge } = pkcePair();
    const response = await fetch(
      authorizeUrl({
        provider: 'keycloak',
        redirect_to: CALLBACK,
        scopes: 'openid',
        code_challenge: challenge,
        code_challenge_method: 's256',
        ui_locales: 'en',
      }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const target = new URL(location(response));
    expect(`${target.origin}${target.pathname}`).toBe(`${backend.idpUrl}/protocol/openid-connect/auth`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      client_id: 'supabase-auth',
      redirect_to: CALLBACK,
      redirect_uri: `${backend.url}/auth/v1/callback`,
      response_type: 'code',
      scope: 'profile email openid',
      state: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown as string,
      ui_locales: 'en',
    });
    // x/oauth2 encodes with sorted keys.
    expect([...target.searchParams.keys()]).toEqual([
      'client_id',
      'redirect_to',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'ui_locales',
    ]);
  });

  it('answers skip_http_redirect=true with the same 302: GoTrue reads it on /user/identities/authorize only', async () => {
    const response = await fetch(authorizeUrl({ provider: 'keycloak', redirect_to: CALLBACK, skip_http_redirect: 'true' }), {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(new URL(location(response)).searchParams.get('skip_http_redirect')).toBe('true');
  });

  it.each([[{ code_challenge: pkcePair().challenge }], [{ code_challenge_method: 's256' }]])(
    'refuses half a PKCE pair %j',
    async (half) => {
      const response = await fetch(authorizeUrl({ provider: 'keycloak', redirect_to: CALLBACK, ...half }), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: 'PKCE flow requires code_challenge_method and code_challenge',
      });
    },
  );

  it('refuses a short code challenge and an unknown method', async () => {
    const short = await fetch(authorizeUrl({ provider: 'keycloak', code_challenge: 'abc', code_challenge_method: 's256' }), {
      redirect: 'manual',
    });
    expect(await short.json()).toMatchObject({ code: 400, msg: 'code challenge has to be between 43 and 128 characters' });
    const method = await fetch(
      authorizeUrl({ provider: 'keycloak', code_challenge: pkcePair().challenge, code_challenge_method: 'S512' }),
      {
        redirect: 'manual',
      },
    );
    expect(await method.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: 'Invalid code_challenge_method' });
  });

  it.each([
    ['nope', 'Unsupported provider: Provider nope could not be found'],
    ['GitHub', 'Unsupported provider: provider is not enabled'],
    ['custom:bitwerf', 'Unsupported provider: custom provider custom:bitwerf not found'],
  ])('refuses provider %s as GoTrue words it', async (provider, msg) => {
    const response = await fetch(authorizeUrl({ provider, redirect_to: CALLBACK }), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, error_code: 'validation_failed', msg });
  });
});

describe('the local identity provider', () => {
  it('shows an accessible Dutch sign-in page by default, listing the demo accounts', async () => {
    const { page, code } = await pkceSignIn(DEMO_AT_IDP.sub);
    expect(code).not.toBeNull();
    const html = parse(page);
    expect(html.querySelector('html')?.getAttribute('lang')).toBe('nl');
    expect(html.querySelector('title')?.text).toBe('Bitwerf ID (lokaal)');
    expect(html.querySelectorAll('h1').map((h1) => h1.text)).toEqual(['Bitwerf ID (lokaal)']);
    const buttons = html.querySelectorAll('button');
    for (const { email } of DEMO_ACCOUNTS) expect(buttons.some((button) => button.text.includes(email))).toBe(true);
    expect(buttons.some((button) => button.text.includes('nieuw@voorbeeld.nl'))).toBe(true);
    expect(buttons.at(-1)?.text).toBe('Annuleren');
  });

  it('speaks English for ui_locales=en and for an English Accept-Language', async () => {
    const byParam = await pkceSignIn(DEMO_AT_IDP.sub, { ui_locales: 'en-GB nl' });
    expect(parse(byParam.page).querySelector('html')?.getAttribute('lang')).toBe('en');
    expect(parse(byParam.page).querySelector('title')?.text).toBe('Bitwerf ID (local)');
    const { challenge } = pkcePair();
    const byHeader = await signInThroughIdp(
      authorizeUrl({
        provider: 'keycloak',
        redirect_to: CALLBACK,
        scopes: 'openid',
        code_challenge: challenge,
        code_challenge_method: 's256',
      }),
      'cancel',
      { 'accept-language': 'en-US,en;q=0.9,nl;q=0.5' },
    );
    expect(parse(byHeader.page).querySelector('button.cancel')?.text).toBe('Cancel');
  });

  it('serves the Keycloak realm endpoints in its discovery document', async () => {
    const discovery = (await (await fetch(`${backend.idpUrl}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: backend.idpUrl,
      authorization_endpoint: `${backend.idpUrl}/protocol/openid-connect/auth`,
      token_endpoint: `${backend.idpUrl}/protocol/openid-connect/token`,
      userinfo_endpoint: `${backend.idpUrl}/protocol/openid-connect/userinfo`,
      jwks_uri: `${backend.idpUrl}/protocol/openid-connect/certs`,
    });
    expect(new URL(backend.idpUrl).hostname).toBe('127.0.0.1');
  });

  it('knows each seeded demo address as verified', () => {
    for (const { email } of DEMO_ACCOUNTS) expect(account(email).email_verified).toBe(true);
  });
});

describe('PKCE sign-in through keycloak', () => {
  it('links the identity to the account with that verified address and signs in with amr oauth', async () => {
    const { final, code, verifier } = await pkceSignIn(DEMO_AT_IDP.sub);
    expect(final).toBe(`${SITE}/auth/callback?code=${code}&next=%2Faccount`);
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const response = await pkceExchange(code ?? '', verifier);
    expect(response.status).toBe(200);
    const session = (await response.json()) as {
      access_token: string;
      provider_token?: string;
      user: {
        email: string;
        app_metadata: Record<string, unknown>;
        user_metadata: Record<string, unknown>;
        identities: { provider: string; id: string; identity_data: Record<string, unknown> }[];
      };
    };
    expect(session.user.email).toBe('demo@bitwerf.nl');
    expect(typeof session.provider_token).toBe('string');
    const claims = decodeJwt(session.access_token);
    expect(claims.aal).toBe('aal1');
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) as unknown as number }]);
    expect(session.user.app_metadata).toMatchObject({ provider: 'email', providers: ['email', 'keycloak'] });
    const keycloak = session.user.identities.find((identity) => identity.provider === 'keycloak');
    expect(keycloak?.id).toBe(DEMO_AT_IDP.sub);
    expect(keycloak?.identity_data).toEqual({
      iss: backend.idpUrl,
      sub: DEMO_AT_IDP.sub,
      name: 'Demi Klant',
      full_name: 'Demi Klant',
      provider_id: DEMO_AT_IDP.sub,
      email: 'demo@bitwerf.nl',
      email_verified: true,
      phone_verified: false,
      custom_claims: { given_name: 'Demi', family_name: 'Klant', preferred_username: 'demo@bitwerf.nl' },
    });
    expect(session.user.user_metadata).toMatchObject({ email_verified: true, sub: DEMO_AT_IDP.sub, full_name: 'Demi Klant' });

    const user = (await (
      await backend.fetch('/auth/v1/user', { headers: { apikey: backend.anonKey, authorization: `Bearer ${session.access_token}` } })
    ).json()) as { identities: { provider: string }[] };
    expect(user.identities.map((identity) => identity.provider).sort()).toEqual(['email', 'keycloak']);

    // A second sign-in finds the identity itself and adds none.
    const again = await pkceSignIn(DEMO_AT_IDP.sub);
    const second = (await (await pkceExchange(again.code ?? '', again.verifier)).json()) as { user: { identities: unknown[] } };
    expect(second.user.identities).toHaveLength(2);
  });

  it('signs in any account by a typed address, verified, and finds the same identity the next time', async () => {
    const signInAs = async () => {
      const { verifier, challenge } = pkcePair();
      const visit = await signInThroughIdp(
        authorizeUrl({
          provider: 'keycloak',
          redirect_to: CALLBACK,
          scopes: 'openid',
          code_challenge: challenge,
          code_challenge_method: 's256',
        }),
        { email: ' Staff@Bitwerf.nl ' },
      );
      const code = new URL(visit.final).searchParams.get('code') ?? '';
      return (await (await pkceExchange(code, verifier)).json()) as {
        user: { email: string; identities: { provider: string; id: string }[] };
      };
    };
    const first = await signInAs();
    expect(first.user.email).toBe('staff@bitwerf.nl');
    const linked = first.user.identities.find((identity) => identity.provider === 'keycloak');
    expect(linked?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    const second = await signInAs();
    expect(second.user.identities.filter((identity) => identity.provider === 'keycloak').map((identity) => identity.id)).toEqual([
      linked?.id,
    ]);
  });

  it('takes an auth code once: the second exchange finds no flow state', async () => {
    const { code, verifier } = await pkceSignIn(account('staff@bitwerf.nl').sub);
    expect((await pkceExchange(code ?? '', verifier)).status).toBe(200);
    const reused = await pkceExchange(code ?? '', verifier);
    expect(reused.status).toBe(404);
    expect(await reused.json()).toEqual({
      code: 404,
      error_code: 'flow_state_not_found',
      msg: 'invalid flow state, no valid flow state found',
    });
  });

  it('refuses a wrong code verifier and keeps the code for the right one', async () => {
    const { code, verifier } = await pkceSignIn(DEMO_AT_IDP.sub);
    const wrong = await pkceExchange(code ?? '', pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 400,
      error_code: 'bad_code_verifier',
      msg: 'code challenge does not match previously saved code verifier',
    });
    expect((await pkceExchange(code ?? '', verifier)).status).toBe(200);
  });

  it('lets a code expire five minutes after /authorize', async () => {
    const { code, verifier } = await pkceSignIn(DEMO_AT_IDP.sub);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    const late = await pkceExchange(code ?? '', verifier);
    expect(late.status).toBe(422);
    expect(await late.json()).toEqual({ code: 422, error_code: 'flow_state_expired', msg: 'invalid flow state, flow state has expired' });
  });

  it('sends a cancel back to redirect_to as access_denied, in the query and the fragment', async () => {
    const { challenge } = pkcePair();
    const { final } = await signInThroughIdp(
      authorizeUrl({
        provider: 'keycloak',
        redirect_to: CALLBACK,
        scopes: 'openid',
        code_challenge: challenge,
        code_challenge_method: 's256',
      }),
      'cancel',
    );
    expect(final).toBe(
      `${SITE}/auth/callback?error=access_denied&error_description=End-User+aborted+interaction&next=%2Faccount` +
        '#error=access_denied&error_description=End-User+aborted+interaction&sb=',
    );
  });

  it('refuses an address Auth does not know as signup_disabled', async () => {
    const { final } = await pkceSignIn(account('nieuw@voorbeeld.nl').sub);
    expect(final).toBe(
      `${SITE}/auth/callback?error=access_denied&error_code=signup_disabled&error_description=Signups+not+allowed+for+this+instance&next=%2Faccount` +
        '#error=access_denied&error_code=signup_disabled&error_description=Signups+not+allowed+for+this+instance&sb=',
    );
  });

  it('does not link an address the provider has not verified (so, with sign-ups off, refuses it)', async () => {
    const unverified = account('demo@bitwerf.nl', false);
    const { final } = await pkceSignIn(unverified.sub);
    expect(new URL(final).searchParams.get('error_code')).toBe('signup_disabled');
    const { data } = await backend.admin().auth.admin.listUsers();
    const demo = data.users.find((user) => user.email === 'demo@bitwerf.nl');
    expect(demo?.identities?.some((identity) => identity.id === unverified.sub)).toBe(false);
  });

  it('sends the browser to the site URL when redirect_to is not allowed', async () => {
    const { final } = await pkceSignIn(DEMO_AT_IDP.sub, { redirect_to: 'https://evil.example/steal' });
    // Go's url.String writes no `/` for an empty path.
    expect(final).toMatch(/^http:\/\/localhost:3000\?code=[0-9a-f-]{36}$/);
  });

  it('answers a userinfo refused for want of the openid scope as GoTrue does', async () => {
    const { challenge } = pkcePair();
    const { final } = await signInThroughIdp(
      authorizeUrl({ provider: 'keycloak', redirect_to: CALLBACK, code_challenge: challenge, code_challenge_method: 's256' }),
      { account: DEMO_AT_IDP.sub },
    );
    expect(final).toBe(
      `${SITE}/auth/callback?error=server_error&error_code=unexpected_failure&error_description=Error+getting+user+profile+from+external+provider&next=%2Faccount` +
        '#error=server_error&error_code=unexpected_failure&error_description=Error+getting+user+profile+from+external+provider&sb=',
    );
  });
});

describe('GET /callback', () => {
  it('sends a callback without state to the site URL (303, query only)', async () => {
    const response = await fetch(`${backend.url}/auth/v1/callback?code=abc`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${SITE}?error=invalid_request&error_code=bad_oauth_callback&error_description=OAuth+state+parameter+missing`,
    );
    const invalid = await fetch(`${backend.url}/auth/v1/callback?code=abc&state=xyz`, { redirect: 'manual' });
    expect(new URL(location(invalid)).searchParams.get('error_description')).toBe('OAuth state parameter is invalid');
    const unknown = await fetch(`${backend.url}/auth/v1/callback?code=abc&state=${crypto.randomUUID()}`, { redirect: 'manual' });
    expect(new URL(location(unknown)).searchParams.get('error_description')).toBe('OAuth state not found or expired');
  });

  it('answers a provider error without using the state up', async () => {
    const { challenge } = pkcePair();
    const started = await fetch(
      authorizeUrl({
        provider: 'keycloak',
        redirect_to: CALLBACK,
        scopes: 'openid',
        code_challenge: challenge,
        code_challenge_method: 's256',
      }),
      { redirect: 'manual' },
    );
    const state = new URL(location(started)).searchParams.get('state') ?? '';
    // A provider error does not use the state up: it can be tried again.
    const denied = await fetch(`${backend.url}/auth/v1/callback?state=${state}&error=access_denied`, { redirect: 'manual' });
    expect(location(denied)).toBe(`${SITE}/auth/callback?error=access_denied&error_description=&next=%2Faccount#error=access_denied&sb=`);
    const missing = await fetch(`${backend.url}/auth/v1/callback?state=${state}`, { redirect: 'manual' });
    expect(new URL(location(missing)).searchParams.get('error_code')).toBe('bad_oauth_callback');
  });

  it('refuses a replayed callback once the state has issued its code: flow_state_already_used', async () => {
    const { callback, code } = await pkceSignIn(DEMO_AT_IDP.sub);
    expect(code).not.toBeNull();
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe(
      `${SITE}?error=invalid_request&error_code=flow_state_already_used&error_description=State+has+already+been+used`,
    );
  });

  it('lets a state expire five minutes after /authorize', async () => {
    const started = await fetch(authorizeUrl({ provider: 'keycloak', redirect_to: CALLBACK, scopes: 'openid' }), { redirect: 'manual' });
    const state = new URL(location(started)).searchParams.get('state') ?? '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    const late = await fetch(`${backend.url}/auth/v1/callback?state=${state}&code=abc`, { redirect: 'manual' });
    expect(new URL(location(late)).searchParams.get('error_description')).toBe('OAuth state has expired');
  });

  it('signs in directly in the implicit flow, tokens in the fragment', async () => {
    const { final } = await signInThroughIdp(authorizeUrl({ provider: 'keycloak', redirect_to: CALLBACK, scopes: 'openid' }), {
      account: DEMO_AT_IDP.sub,
    });
    const url = new URL(final);
    expect(`${url.origin}${url.pathname}${url.search}`).toBe(CALLBACK);
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_token',
      'refresh_token',
      'sb',
      'token_type',
    ]);
    expect(decodeJwt(fragment.get('access_token') ?? '').amr).toEqual([
      { method: 'oauth', timestamp: expect.any(Number) as unknown as number },
    ]);
  });
});

describe('auth-js', () => {
  it('signInWithOAuth (PKCE, skipBrowserRedirect) and exchangeCodeForSession work from Node with a memory storage', async () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    };
    const supabase = createClient(backend.url, backend.anonKey, {
      auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { skipBrowserRedirect: true, redirectTo: CALLBACK, scopes: 'openid' },
    });
    expect(error).toBeNull();
    const { final } = await signInThroughIdp(data.url ?? '', { account: DEMO_AT_IDP.sub });
    const code = new URL(final).searchParams.get('code') ?? '';
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe('demo@bitwerf.nl');
    expect(exchanged.data.session?.provider_token).toEqual(expect.any(String));
    const { data: user } = await supabase.auth.getUser();
    expect(user.user?.identities?.map((identity) => identity.provider).sort()).toEqual(['email', 'keycloak']);
  });
});
