import type { Context, Hono } from 'hono';

import { AuthApiError, OAuthError } from '../../http/errors';
import type { AuthContext } from '../context';
import { encodeValues, withGoQuery } from '../external/go-url';
import { exchangeKeycloakCode, keycloakAuthUrl, keycloakUserData } from '../external/keycloak';
import { accountForExternalIdentity } from '../external/linking';
import { findProvider } from '../external/providers';
import { FLOW_STATE_TTL_MS, isPkceFlow, parseChallengeMethod, validatePkceParams, type FlowStateRow } from '../flow-state';
import { clientInfo } from '../guards';
import { redirectAllowed } from '../redirects';
import { createSession, tokenResponse } from '../sessions';
import { isUuid } from '../users';

/** Parameters the Auth server sets at the provider itself; a caller's copies are dropped (`reservedOAuthParams`, nonce excepted). */
const RESERVED_PARAMS = new Set([
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'code_verifier',
]);

/** GoTrue's `oauthErrorMap`: the OAuth `error` for an HTTP status. */
const OAUTH_ERRORS = new Map<number, string>([
  [400, 'invalid_request'],
  [401, 'unauthorized_client'],
  [403, 'access_denied'],
  [500, 'server_error'],
  [503, 'temporarily_unavailable'],
]);
const DENIALS = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);

/** GoTrue's `getErrorQueryString`: the error as the query parameters of a redirect. */
function errorParams(error: AuthApiError | OAuthError): Record<string, string> {
  if (error instanceof OAuthError) return { error: error.error, error_description: error.description };
  const kind = DENIALS.has(error.code) ? 'access_denied' : (OAUTH_ERRORS.get(error.status) ?? 'server_error');
  return { error: kind, error_description: error.message, error_code: error.code };
}

/** GoTrue's `redirectErrors`: the error in the query and, non-empty ones only, again in the fragment with `sb`. */
function errorRedirect(target: string, error: AuthApiError | OAuthError): string {
  const params = errorParams(error);
  const fragment: [string, string][] = Object.entries(params).filter(([, value]) => value !== '');
  return withGoQuery(target, params, [...fragment, ['sb', '']]);
}

function queryOf(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/** GoTrue's `loadExternalState`: the flow state named by `state`, still usable. */
async function loadFlowState(ctx: AuthContext, state: string): Promise<FlowStateRow> {
  if (state === '') throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
  if (!isUuid(state)) throw new AuthApiError(400, 'bad_oauth_state', 'OAuth state parameter is invalid');
  const found = await ctx.db.query<FlowStateRow>('select * from auth.flow_state where id = $1', [state]);
  const flow = found.rows[0];
  if (flow === undefined) throw new AuthApiError(400, 'bad_oauth_state', 'OAuth state not found or expired');
  if (Date.now() > flow.created_at.getTime() + FLOW_STATE_TTL_MS) {
    throw new AuthApiError(400, 'bad_oauth_state', 'OAuth state has expired');
  }
  if (isPkceFlow(flow) && flow.user_id !== null) {
    throw new AuthApiError(400, 'flow_state_already_used', 'State has already been used');
  }
  return flow;
}

/** GoTrue's `internalExternalProviderCallback`: the provider's answer turned into a signed-in account, and where to send the browser. */
async function completeCallback(
  c: Context,
  ctx: AuthContext,
  flow: FlowStateRow,
  params: URLSearchParams,
  target: string,
): Promise<string> {
  const providerError = params.get('error') ?? '';
  if (providerError !== '') throw new OAuthError(providerError, params.get('error_description') ?? '');
  const code = params.get('code') ?? '';
  if (code === '') throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth callback with missing authorization code missing');
  const provider = findProvider(ctx.providers, flow.provider_type);
  if (typeof provider === 'string') throw new AuthApiError(400, 'oauth_provider_not_supported', `Unsupported provider: ${provider}`);

  // The provider is asked outside any transaction: PGlite is one connection (db/database.ts).
  let tokens: { accessToken: string; refreshToken: string };
  try {
    tokens = await exchangeKeycloakCode(provider, code);
  } catch {
    throw new AuthApiError(500, 'unexpected_failure', `Unable to exchange external code: ${code.slice(0, 4)}`);
  }
  let data: Awaited<ReturnType<typeof keycloakUserData>>;
  try {
    data = await keycloakUserData(provider, tokens.accessToken);
  } catch {
    throw new AuthApiError(500, 'unexpected_failure', 'Error getting user profile from external provider');
  }
  if (data.email === undefined) throw new AuthApiError(500, 'unexpected_failure', 'Error getting user email from external provider');

  return ctx.db.transaction(async (tx) => {
    const user = await accountForExternalIdentity(tx, flow.provider_type, data);
    if (isPkceFlow(flow)) {
      // The row again, locked, so that two callbacks with one state cannot both claim it.
      const claimed = await tx.query<{ auth_code: string }>(
        `update auth.flow_state set provider_access_token = $2, provider_refresh_token = $3, user_id = $4,
           auth_code_issued_at = now(), updated_at = now()
         where id = $1 and user_id is null returning auth_code`,
        [flow.id, tokens.accessToken, tokens.refreshToken, user.id],
      );
      const authCode = claimed.rows[0]?.auth_code;
      if (authCode === undefined) throw new AuthApiError(400, 'flow_state_already_used', 'State has already been used');
      return withGoQuery(target, { code: authCode });
    }
    // Implicit flow: the session in the fragment (`AccessTokenResponse.AsRedirectURL`).
    const { sessionId, refreshToken } = await createSession(tx, user, 'oauth', clientInfo(c));
    const session = await tokenResponse(tx, ctx, user.id, sessionId, refreshToken);
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    const fragment: [string, string][] = [['provider_token', tokens.accessToken]];
    // Not every provider hands out a refresh token; GoTrue leaves the key out then.
    if (tokens.refreshToken !== '') fragment.push(['provider_refresh_token', tokens.refreshToken]);
    fragment.push(
      ['access_token', String(session.access_token)],
      ['token_type', 'bearer'],
      ['expires_in', String(session.expires_in)],
      ['expires_at', String(session.expires_at)],
      ['refresh_token', refreshToken],
      ['sb', ''],
    );
    return `${target}#${encodeValues(fragment)}`;
  });
}

export function registerExternalRoutes(app: Hono, ctx: AuthContext, log: (line: string) => void): void {
  // GoTrue's ExternalProviderRedirect: a flow state whose id is the `state`, then off to the provider.
  app.get('/authorize', async (c) => {
    const query = queryOf(c);
    const get = (name: string): string => query.get(name) ?? '';
    const provider = findProvider(ctx.providers, get('provider'));
    if (typeof provider === 'string') throw new AuthApiError(400, 'validation_failed', `Unsupported provider: ${provider}`);
    // GoTrue looks the invite up by its confirmation token; this backend issues no invites
    // (`/invite` is outside the contract), so there is never one to find.
    if (get('invite_token') !== '') throw new AuthApiError(404, 'user_not_found', 'User identified by token not found');
    // GoTrue's GetReferrer: `redirect_to` if allowed, else the Referer if allowed, else the site URL.
    const requested = get('redirect_to');
    const referer = c.req.header('referer');
    const referrer = redirectAllowed(ctx.config, requested)
      ? requested
      : redirectAllowed(ctx.config, referer)
        ? referer
        : ctx.config.siteUrl;
    const challenge = get('code_challenge');
    const rawMethod = get('code_challenge_method');
    validatePkceParams(rawMethod, challenge);
    const method = challenge === '' ? null : parseChallengeMethod(rawMethod);
    if (method === undefined) throw new AuthApiError(400, 'validation_failed', 'Invalid code_challenge_method');
    // Everything else the caller sent goes on to the provider (ui_locales, login_hint, prompt, …), first value of each.
    const extra = new Map<string, string>();
    for (const [key, value] of query) {
      const lower = key.toLowerCase();
      if (key === 'scopes' || key === 'provider' || RESERVED_PARAMS.has(lower) || extra.has(key)) continue;
      extra.set(key, value);
    }
    const flowId = crypto.randomUUID();
    await ctx.db.query(
      `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at,
         authentication_method, referrer, email_optional)
       values ($1, $2, $3, $4, $5, now(), now(), 'oauth', $6, false)`,
      [
        flowId,
        method === null ? null : crypto.randomUUID(),
        method,
        method === null ? null : challenge,
        get('provider').toLowerCase(),
        referrer,
      ],
    );
    return c.redirect(keycloakAuthUrl(provider, flowId, get('scopes'), extra), 302);
  });

  // GoTrue's ExternalProviderCallback, GET (query) and POST (form_post).
  const callback = async (c: Context): Promise<Response> => {
    const params = c.req.method === 'POST' ? new URLSearchParams(await c.req.text()) : queryOf(c);
    let flow: FlowStateRow;
    try {
      flow = await loadFlowState(ctx, params.get('state') ?? '');
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error;
      // Without a flow state there is no redirect_to to trust: GoTrue sends the browser to the site URL, query only.
      return c.redirect(withGoQuery(ctx.config.siteUrl, errorParams(error)), 303);
    }
    const target = flow.referrer ?? ctx.config.siteUrl;
    try {
      return c.redirect(await completeCallback(c, ctx, flow, params, target), 302);
    } catch (error) {
      if (error instanceof AuthApiError || error instanceof OAuthError) return c.redirect(errorRedirect(target, error), 302);
      // GoTrue would put the Go error's text in the redirect; this keeps internals in the log.
      log(`[auth] ${c.req.method} /callback failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return c.redirect(
        errorRedirect(
          target,
          new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
        ),
        302,
      );
    }
  };
  app.get('/callback', callback);
  app.post('/callback', callback);
}
