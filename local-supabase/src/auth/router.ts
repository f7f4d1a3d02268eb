import { Hono } from 'hono';

import type { AuthContext } from './context';
import { closingBodyLimit } from '../http/body';
import { AuthApiError, OAuthError, authErrorResponse, unexpectedFailure } from '../http/errors';
import { requireApiKey } from '../http/gateway';
import { loadEmailTemplates } from '../mail/templates';
import { registerAdminRoutes } from './routes/admin';
import { registerExternalRoutes } from './routes/external';
import { registerFactorRoutes } from './routes/factors';
import { registerLogoutRoutes } from './routes/logout';
import { registerRecoveryRoutes } from './routes/recovery';
import { registerSettingsRoutes } from './routes/settings';
import { registerTokenRoutes } from './routes/token';
import { registerUserRoutes } from './routes/user';

/**
 * Routes Kong serves without an API key in `supabase start` (e-mail links, key discovery, and the
 * OAuth `/authorize` and `/callback` a browser is sent to).
 */
function isOpenRoute(method: string, path: string): boolean {
  return (
    (method === 'GET' && (path.endsWith('/verify') || path.endsWith('/v1/authorize'))) ||
    path.endsWith('/v1/callback') ||
    path.endsWith('/.well-known/jwks.json')
  );
}

/** GoTrue under `/auth/v1`, behind the gateway's API-key check. */
export function authRouter(ctx: AuthContext, log: (line: string) => void): Hono {
  // A template that would render differently on hosted Supabase stops the start, not an e-mail.
  loadEmailTemplates();
  const app = new Hono();
  app.use('*', async (c, next) => (isOpenRoute(c.req.method, c.req.path) ? next() : requireApiKey(c, next)));
  app.use(
    '*',
    closingBodyLimit((c) => authErrorResponse(c, new AuthApiError(413, 'request_entity_too_large', 'Request body too large'))),
  );
  registerTokenRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerLogoutRoutes(app, ctx);
  registerRecoveryRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerFactorRoutes(app, ctx);
  registerExternalRoutes(app, ctx, log);
  registerAdminRoutes(app, ctx);
  // GoTrue's router answers unknown paths itself; in its error envelope auth-js can read them.
  // A catch-all route, not notFound(): a mounted app's notFound handler is never consulted.
  app.all('*', () => {
    throw new AuthApiError(404, 'not_found', '404 page not found');
  });
  app.onError((error, c) => {
    if (error instanceof AuthApiError || error instanceof OAuthError) return authErrorResponse(c, error);
    log(`[auth] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return authErrorResponse(c, unexpectedFailure());
  });
  return app;
}
