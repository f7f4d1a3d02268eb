import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

import { accountClaims, findIdpAccount, IDP_ACCOUNTS, typedAccount } from './accounts';
import { memoryAdapterFactory } from './memory-adapter';
import { errorPage, PAGE_HEADERS, pickLanguage, signInPage } from './page';

/** Keycloak serves a realm under `/realms/<name>`; GoTrue's keycloak provider is configured with that URL. */
export const REALM_PATH = '/realms/bitwerf';
/** The Auth server's client at the provider, GoTrue's GOTRUE_EXTERNAL_KEYCLOAK_CLIENT_ID. */
export const IDP_CLIENT_ID = 'supabase-auth';

const LOGIN_PATH = `${REALM_PATH}/login/`;
const MAX_FORM_BYTES = 4096;

export interface LocalIdp {
  /** The realm URL, GoTrue's GOTRUE_EXTERNAL_KEYCLOAK_URL: the endpoints are `<url>/protocol/openid-connect/*`. */
  url: string;
  clientId: string;
  /** Generated on every start, known only to this process (the Auth server is the one client). */
  clientSecret: string;
  close(): Promise<void>;
}

export interface LocalIdpOptions {
  port: number;
  /** The one redirect URI the client may use: the Auth server's `/auth/v1/callback`. */
  redirectUri: string;
  log: (line: string) => void;
}

/**
 * The account picker always shows, even when the browser still has a session at the provider,
 * so a developer can switch demo accounts; it is satisfied only by a login submitted in this
 * interaction. A real Keycloak would sign the returning browser in silently.
 */
function pickerPolicy(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('local_account_picker', 'The local provider asks for an account every time', (ctx) =>
        ctx.oidc.result?.login === undefined ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}

/** The Auth server is a first-party client: the scopes it asks for are granted without a consent page, as a Keycloak client with consent off. */
async function grantRequested(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const { client, session } = oidc;
  if (client === undefined || session === undefined || session.accountId === undefined) return undefined;
  const existing = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const grant =
    (existing === undefined ? undefined : await oidc.provider.Grant.find(existing)) ??
    new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  const scope = oidc.params?.scope;
  if (typeof scope === 'string') grant.addOIDCScope(scope);
  await grant.save();
  return grant;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new errors.InvalidRequest('form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, PAGE_HEADERS);
  res.end(html);
}

/**
 * A Keycloak-shaped OpenID Connect provider on 127.0.0.1, built on oidc-provider (OpenID
 * Certified), so the embedded Auth's `keycloak` provider signs people in the way GoTrue does
 * against a real realm: authorization code flow with a confidential client (client_secret_basic),
 * userinfo for the profile. Its sign-in page lists the demo accounts instead of asking for a
 * password. State (interactions, codes, tokens) lives in memory and ends with the process.
 */
export async function startLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  const clientSecret = randomBytes(32).toString('base64url');
  // Keycloak signs ID tokens with RS256 by default; GoTrue's keycloak provider reads userinfo
  // and never verifies them, but the relying-party libraries a developer may try do.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };

  const server = createServer();
  const listening = new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  let port: number;
  try {
    port = await listening;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE' ? `Port ${options.port} on 127.0.0.1 is already in use (set LOCAL_SUPABASE_IDP_PORT)` : String(error),
      { cause: error },
    );
  }
  const origin = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    adapter: memoryAdapterFactory(),
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Keycloak's realm endpoints, relative to the realm URL (the issuer).
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      userinfo: '/protocol/openid-connect/userinfo',
      jwks: '/protocol/openid-connect/certs',
      end_session: '/protocol/openid-connect/logout',
    },
    // PKCE (S256 only) is checked whenever a client sends it and required of public clients,
    // oidc-provider's default and Keycloak's: GoTrue's keycloak provider sends none
    // (`RequiresPKCE()` is false) and authenticates with its secret instead.
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    findAccount: (_ctx, sub) => {
      const account = findIdpAccount(sub);
      return account === undefined ? undefined : { accountId: sub, claims: () => accountClaims(account) };
    },
    loadExistingGrant: grantRequested,
    interactions: { url: (_ctx, interaction) => `${LOGIN_PATH}${interaction.uid}`, policy: pickerPolicy() },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    jwks: { keys: [signingKey] },
    // Keycloak's realm defaults: codes live a minute, tokens five minutes, a sign-in ten hours;
    // half an hour to pick an account.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 300,
      IdToken: 300,
      Interaction: 1800,
      Session: 36_000,
      Grant: 36_000,
    },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // Cookies ignore ports: on 127.0.0.1 the site, Auth and this provider share one cookie jar,
      // so the names say whose they are.
      names: { session: 'bitwerf_id_session', interaction: 'bitwerf_id_interaction', resume: 'bitwerf_id_resume' },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set(PAGE_HEADERS);
      ctx.body = errorPage(pickLanguage(undefined, ctx.get('accept-language')), out.error, out.error_description);
    },
  };
  const provider = new Provider(`${origin}${REALM_PATH}`, configuration);
  const oidc = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(req, res);
    const uiLocales = typeof details.params.ui_locales === 'string' ? details.params.ui_locales : undefined;
    if (req.method === 'GET') {
      const language = pickLanguage(uiLocales, req.headers['accept-language']);
      sendPage(res, 200, signInPage(language, `${LOGIN_PATH}${details.uid}`, IDP_ACCOUNTS));
      return;
    }
    const form = await readForm(req);
    if (form.get('action') === 'cancel') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' });
      return;
    }
    const typedEmail = form.get('action') === 'address' ? (form.get('email') ?? '').trim() : '';
    if (form.get('action') === 'address' && !/^[^\s@]+@[^\s@]+$/.test(typedEmail)) throw new errors.InvalidRequest('invalid email');
    const account = typedEmail === '' ? findIdpAccount(form.get('account') ?? '') : typedAccount(typedEmail);
    if (account === undefined) throw new errors.InvalidRequest('unknown account');
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (url.startsWith(LOGIN_PATH) && (req.method === 'GET' || req.method === 'POST')) {
      interaction(req, res).catch((error: unknown) => {
        const known = error instanceof errors.OIDCProviderError;
        if (!known)
          options.log(`[idp] ${req.method} ${url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        const language = pickLanguage(undefined, req.headers['accept-language']);
        if (!res.headersSent) {
          sendPage(
            res,
            known ? error.statusCode : 500,
            errorPage(language, known ? error.error : 'server_error', known ? error.error_description : undefined),
          );
        }
      });
      return;
    }
    if (url === REALM_PATH || url.startsWith(`${REALM_PATH}/`) || url.startsWith(`${REALM_PATH}?`)) {
      // Mounted as Express mounts a sub-app: oidc-provider sees the path below the realm and
      // takes the realm path from `originalUrl` when it builds its own URLs.
      Object.assign(req, { originalUrl: url });
      req.url = url.slice(REALM_PATH.length) || '/';
      oidc(req, res);
      return;
    }
    sendPage(res, 404, errorPage(pickLanguage(undefined, req.headers['accept-language']), 'not_found', undefined));
  });

  return {
    url: `${origin}${REALM_PATH}`,
    clientId: IDP_CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
