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

/** CORS as GoTrue configures it, plus `apikey`, which the gateway must let browsers send. */
export const CORS_OPTIONS = {
  origin: '*',
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
};
