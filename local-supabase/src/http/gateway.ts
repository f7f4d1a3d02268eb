import type { MiddlewareHandler } from 'hono';

import { ANON_KEY, SERVICE_ROLE_KEY } from '../keys';

/**
 * What Kong does in front of Auth and REST in `supabase start`: requests must carry one of the
 * project's API keys, in the `apikey` header or query parameter. GoTrue and PostgREST never
 * see requests without one.
 */
export const requireApiKey: MiddlewareHandler = async (c, next) => {
  const key = c.req.header('apikey') ?? c.req.query('apikey');
  if (key === undefined || key === '') {
    return c.json({ message: 'No API key found in request' }, 401);
  }
  if (key !== ANON_KEY && key !== SERVICE_ROLE_KEY) {
    return c.json({ message: 'Invalid authentication credentials' }, 401);
  }
  await next();
};

/**
 * Refuses any request whose `Origin` is not the site's. Browsers send `Origin` on every
 * cross-origin request, including the "simple" POSTs that CORS lets through unread (and the
 * gateway takes the API key from the query string), so this, not CORS, is what keeps other
 * web pages from using the backend. Servers and scripts send no `Origin` and pass.
 */
export function requireSiteOrigin(allowedOrigins: string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowedOrigins.includes(origin)) return c.json({ message: 'Origin not allowed' }, 403);
    await next();
  };
}

/**
 * Refuses requests addressed to any host but this backend's loopback names on its port. A page
 * that points its own domain at 127.0.0.1 (DNS rebinding) is then same-origin to the browser
 * but still sends its own name as `Host`. `port` is read per request: it is known only once the
 * server listens.
 */
export function requireLoopbackHost(port: () => number): MiddlewareHandler {
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    const allowed = ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${port()}`);
    if (!allowed.includes(host)) return c.json({ message: 'Host not allowed' }, 403);
    await next();
  };
}

/** CORS as GoTrue configures it, for the site's origins only, plus `apikey`, which the gateway must let browsers send. */
export const corsOptions = (allowedOrigins: string[]) => ({
  origin: allowedOrigins,
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'Accept',
    'Authorization',
    'Content-Type',
    'X-Client-IP',
    'X-Client-Info',
    'X-JWT-AUD',
    'x-use-cookie',
    'X-Supabase-Api-Version',
    'apikey',
    // PostgREST request headers postgrest-js sends.
    'Prefer',
    'Range',
    'Accept-Profile',
    'Content-Profile',
    // Storage request headers storage-js sends.
    'x-upsert',
    'x-metadata',
    'Cache-Control',
  ],
  exposeHeaders: ['X-Total-Count', 'Link', 'X-Supabase-Api-Version', 'Content-Range', 'x-sb-error-code'],
  maxAge: 86400,
});
