import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';

import { PostgrestError } from './errors';
import { selectRows } from './read';
import { authenticate, type RequestAuth } from './request-auth';
import { checkProfile } from './respond';
import { callRoutine } from './rpc';
import { SchemaCache, type Relation } from './schema-cache';
import { deleteRows, insertRows, updateRows } from './write';
import type { SigningKeys } from '../auth/signing-keys';
import { closingBodyLimit } from '../http/body';
import { requireApiKey } from '../http/gateway';

export interface RestContext {
  db: PGlite;
  keys: SigningKeys;
}

type TableJob = (c: Context, rest: RestContext, auth: RequestAuth, relation: Relation) => Promise<Response>;

/** The table routes, by job: reads in `read.ts`, writes in `write.ts` (see CONTRACT.md, REST). */
const TABLE_ROUTES: [methods: string[], job: TableJob][] = [
  [['GET', 'HEAD'], selectRows],
  [['POST'], insertRows],
  [['PATCH'], updateRows],
  [['DELETE'], deleteRows],
];

/** PostgREST under `/rest/v1`: the subset in CONTRACT.md. */
export function restRouter(rest: RestContext, log: (line: string) => void): Hono {
  const cache = new SchemaCache(rest.db);
  const app = new Hono();
  app.use('*', requireApiKey);
  app.use(
    '*',
    closingBodyLimit((c) => c.json(new PostgrestError(413, 'PGRST413', 'Request body too large').body(), 413)),
  );
  app.use('*', async (c, next) => {
    checkProfile(c);
    await next();
  });
  // PostgREST authenticates before it looks at the path, and parses the query only once it
  // knows the caller and the target, so a bad token or an unknown table is reported first and
  // no anonymous request reaches the query parser for a table that does not exist.
  app.post('/rpc/:fn', async (c) => callRoutine(c, rest, await authenticate(c, rest.keys), cache, c.req.param('fn')));
  for (const [methods, job] of TABLE_ROUTES) {
    app.on(methods, '/:table', async (c) => {
      const auth = await authenticate(c, rest.keys);
      return job(c, rest, auth, await cache.relation(c.req.param('table')));
    });
  }
  // A catch-all route, not notFound(): a mounted app's notFound handler is never consulted.
  app.all('*', () => {
    throw new PostgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
  });
  app.onError((error, c) => {
    if (error instanceof PostgrestError) return c.json(error.body(), error.status);
    log(`[rest] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return c.json({ code: 'PGRST000', details: null, hint: null, message: 'Unexpected failure in the local backend' }, 500);
  });
  return app;
}
