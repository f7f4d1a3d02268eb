import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import type { SigningKeys } from '../auth/signing-keys';
import { BadJsonError, closingBodyLimit, readJson } from '../http/body';
import { requireApiKey } from '../http/gateway';
import { PostgrestError, fromDatabaseError } from './errors';
import { Params, readPaging, renderOrder, renderSelect, renderWhere } from './query';
import { authenticate, type RequestAuth } from './request-auth';
import { EXPOSED_SCHEMA, SchemaCache, ident, type Relation, type Routine } from './schema-cache';

export interface RestContext {
  db: PGlite;
  keys: SigningKeys;
}

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

interface Prefer {
  representation: boolean;
  countExact: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missingDefault: boolean;
}

function readPrefer(c: Context): Prefer {
  const tokens = (c.req.header('prefer') ?? '').split(',').map((token) => token.trim());
  const resolution = tokens.find((token) => token.startsWith('resolution='))?.slice('resolution='.length);
  return {
    representation: tokens.includes('return=representation'),
    countExact: tokens.includes('count=exact'),
    resolution: resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? resolution : undefined,
    missingDefault: tokens.includes('missing=default'),
  };
}

/** Only `public` is exposed, as in the project's API settings. */
function checkProfile(c: Context): void {
  const profile = c.req.header('accept-profile') ?? c.req.header('content-profile');
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
    throw new PostgrestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`, null, null);
  }
}

async function readRestJson(c: Context): Promise<unknown> {
  try {
    return await readJson(c);
  } catch (error) {
    if (error instanceof BadJsonError) throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    throw error;
  }
}

/**
 * Runs one request the way PostgREST does: a transaction that switches to the caller's role
 * and exposes the claims, so row-level security is decided by Postgres itself.
 */
async function asCaller<T>(db: PGlite, auth: RequestAuth, c: Context, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.method', $3, true), set_config('request.path', $4, true)`,
        [auth.role, JSON.stringify(auth.role === 'anon' && Object.keys(auth.claims).length === 0 ? { role: 'anon' } : auth.claims), c.req.method, c.req.path],
      );
      return work(tx);
    });
  } catch (error) {
    throw fromDatabaseError(error, auth.role === 'anon');
  }
}

function wantsObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(OBJECT_MEDIA_TYPE);
}

/** Renders `json_agg` output, honouring `Accept: application/vnd.pgrst.object+json` (`.single()`). */
function respondRows(c: Context, json: string, rowCount: number, status: 200 | 201, headers: Record<string, string>): Response {
  let body = json;
  if (wantsObject(c)) {
    if (rowCount !== 1) {
      throw new PostgrestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rowCount} rows`);
    }
    body = JSON.stringify((JSON.parse(json) as unknown[])[0]);
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Content-Type', `${wantsObject(c) ? OBJECT_MEDIA_TYPE : 'application/json'}; charset=utf-8`);
  return c.req.method === 'HEAD' ? c.body(null, status) : c.body(body, status);
}

const aggregate = (inner: string): string =>
  `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (${inner}) _r`;

async function selectRows(c: Context, rest: RestContext, auth: RequestAuth, relation: Relation): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  const where = renderWhere(relation, query, params);
  const whereParams = [...params.values];
  const { limit, offset } = readPaging(query);
  const columns = renderSelect(relation, query.get('select') ?? undefined, ident(relation.name));
  const order = renderOrder(relation, query.get('order'), ident(relation.name));
  const paging = `${limit === undefined ? '' : `limit ${params.add(limit)}`} offset ${params.add(offset)}`;
  const prefer = readPrefer(c);
  const result = await asCaller(rest.db, auth, c, async (tx) => {
    const rows = await tx.query<{ body: string; n: number }>(
      aggregate(`select ${columns} from ${table} ${where} ${order} ${paging}`),
      params.values,
    );
    let total: number | undefined;
    if (prefer.countExact) {
      const counted = await tx.query<{ n: number }>(`select count(*)::int as n from ${table} ${where}`, whereParams);
      total = counted.rows[0]?.n;
    }
    return { json: rows.rows[0]?.body ?? '[]', n: rows.rows[0]?.n ?? 0, total };
  });
  const range = result.n === 0 ? '*' : `${offset}-${offset + result.n - 1}`;
  return respondRows(c, result.json, result.n, 200, { 'Content-Range': `${range}/${result.total ?? '*'}` });
}

/** Column list for an insert: the union of the keys of every row, as PostgREST takes it. */
function payloadColumns(relation: Relation, rows: Record<string, unknown>[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) names.add(key);
  for (const name of names) {
    if (!relation.columns.has(name)) {
      throw new PostgrestError(400, 'PGRST204', `Could not find the '${name}' column of '${relation.name}' in the schema cache`);
    }
  }
  return [...names];
}

function asRows(payload: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(payload) ? payload : [payload];
  if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
    throw new PostgrestError(400, 'PGRST102', 'All object keys must match');
  }
  return rows as Record<string, unknown>[];
}

async function insertRows(c: Context, rest: RestContext, auth: RequestAuth, relation: Relation): Promise<Response> {
  const rows = asRows(await readRestJson(c));
  const query = new URL(c.req.url).searchParams;
  const columns = payloadColumns(relation, rows);
  const prefer = readPrefer(c);
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  const list = columns.map(ident).join(', ');
  const payload = params.add(JSON.stringify(rows));
  // With no keys at all, a zero-column select inserts one all-default row per object.
  const source =
    columns.length === 0
      ? `select from json_array_elements(${payload}::json)`
      : `select ${list} from json_populate_recordset(null::${table}, ${payload}::json)`;
  let conflict = '';
  if (prefer.resolution !== undefined) {
    const target = (query.get('on_conflict')?.split(',') ?? relation.primaryKey).map((name) => {
      if (!relation.columns.has(name)) throw new PostgrestError(400, '42703', `column ${relation.name}.${name} does not exist`);
      return ident(name);
    });
    const updates = columns.map((name) => `${ident(name)} = excluded.${ident(name)}`).join(', ');
    conflict =
      prefer.resolution === 'ignore-duplicates' || updates === ''
        ? `on conflict (${target.join(', ')}) do nothing`
        : `on conflict (${target.join(', ')}) do update set ${updates}`;
  }
  const insert = `insert into ${table} ${columns.length === 0 ? '' : `(${list})`} ${source} ${conflict}`;
  const selectList = renderSelect(relation, query.get('select') ?? undefined, '_w');
  const result = await asCaller(rest.db, auth, c, async (tx) => {
    if (!prefer.representation) {
      const done = await tx.query(insert, params.values);
      return { json: '[]', n: done.affectedRows ?? 0 };
    }
    const written = await tx.query<{ body: string; n: number }>(
      `with _w as (${insert} returning *) ${aggregate(`select ${selectList} from _w`)}`,
      params.values,
    );
    return { json: written.rows[0]?.body ?? '[]', n: written.rows[0]?.n ?? 0 };
  });
  const headers: Record<string, string> = { 'Content-Range': `*/${prefer.countExact ? result.n : '*'}` };
  if (!prefer.representation) {
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.body(null, 201);
  }
  return respondRows(c, result.json, result.n, 201, headers);
}

async function updateOrDelete(
  c: Context,
  rest: RestContext,
  auth: RequestAuth,
  relation: Relation,
  kind: 'update' | 'delete',
): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  let statement: string;
  if (kind === 'update') {
    const patch = asRows(await readRestJson(c));
    if (patch.length !== 1 || patch[0] === undefined) throw new PostgrestError(400, 'PGRST102', 'Expected a single JSON object');
    const columns = payloadColumns(relation, patch);
    if (columns.length === 0) {
      // PostgREST answers an empty patch without touching the table.
      return c.body(null, 204);
    }
    const values = params.add(JSON.stringify(patch[0]));
    const sets = columns.map((name) => `${ident(name)} = _v.${ident(name)}`).join(', ');
    statement = `update ${table} set ${sets} from (select * from json_populate_record(null::${table}, ${values}::json)) _v`;
  } else {
    statement = `delete from ${table}`;
  }
  const where = renderWhere(relation, query, params);
  const full = `${statement} ${where}`;
  const prefer = readPrefer(c);
  const selectList = renderSelect(relation, query.get('select') ?? undefined, '_w');
  const result = await asCaller(rest.db, auth, c, async (tx) => {
    if (!prefer.representation) {
      const done = await tx.query(full, params.values);
      return { json: '[]', n: done.affectedRows ?? 0 };
    }
    const written = await tx.query<{ body: string; n: number }>(
      `with _w as (${full} returning ${table}.*) ${aggregate(`select ${selectList} from _w`)}`,
      params.values,
    );
    return { json: written.rows[0]?.body ?? '[]', n: written.rows[0]?.n ?? 0 };
  });
  const headers: Record<string, string> = { 'Content-Range': `*/${prefer.countExact ? result.n : '*'}` };
  if (!prefer.representation) {
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.body(null, 204);
  }
  return respondRows(c, result.json, result.n, 200, headers);
}

/** `POST /rpc/fn` with named arguments; `json_to_record` lets Postgres do every type conversion. */
async function callRoutine(c: Context, rest: RestContext, auth: RequestAuth, cache: SchemaCache, name: string): Promise<Response> {
  let args: Record<string, unknown>;
  if (c.req.method === 'POST') {
    const payload = await readRestJson(c);
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new PostgrestError(400, 'PGRST102', 'Expected a JSON object with the function arguments');
    }
    args = payload as Record<string, unknown>;
  } else {
    args = Object.fromEntries(new URL(c.req.url).searchParams);
  }
  const routine: Routine = await cache.routine(name, Object.keys(args));
  const params = new Params();
  const given = routine.args.filter((arg) => arg.name in args);
  const recordType = given.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ');
  const call = `${EXPOSED_SCHEMA}.${ident(routine.name)}(${given.map((arg) => `${ident(arg.name)} => _a.${ident(arg.name)}`).join(', ')})`;
  const argsRecord = given.length === 0 ? '' : `json_to_record(${params.add(JSON.stringify(args))}::json) as _a(${recordType})`;
  const result = await asCaller(rest.db, auth, c, async (tx) => {
    if (routine.returnsVoid) {
      await tx.query(`select ${call} ${argsRecord === '' ? '' : `from ${argsRecord}`}`, params.values);
      return undefined;
    }
    const sql =
      routine.returnsSet || routine.returnsComposite
        ? `select coalesce(json_agg(_f), '[]')::text as body, count(*)::int as n
           from ${argsRecord === '' ? '' : `${argsRecord} cross join lateral`} ${call} _f`
        : `select to_json(${call})::text as body, 1 as n ${argsRecord === '' ? '' : `from ${argsRecord}`}`;
    const rows = await tx.query<{ body: string; n: number }>(sql, params.values);
    return rows.rows[0];
  });
  if (result === undefined) return c.body(null, 204);
  if (routine.returnsComposite && !routine.returnsSet && !wantsObject(c)) {
    // A function returning one row answers with that row as an object.
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(JSON.stringify((JSON.parse(result.body) as unknown[])[0] ?? null), 200);
  }
  if (!routine.returnsSet && !routine.returnsComposite) {
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(result.body, 200);
  }
  return respondRows(c, result.body, result.n, 200, {});
}

/** PostgREST under `/rest/v1`: the subset the site uses (see README). */
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
  // PostgREST authenticates before it looks at the path, so a bad token is reported first.
  const caller = async (c: Context) => ({ auth: await authenticate(c, rest.keys), table: () => cache.relation(c.req.param('table') ?? '') });
  app.on(['GET', 'POST'], '/rpc/:fn', async (c) => callRoutine(c, rest, (await caller(c)).auth, cache, c.req.param('fn')));
  app.on(['GET', 'HEAD'], '/:table', async (c) => {
    const { auth, table } = await caller(c);
    return selectRows(c, rest, auth, await table());
  });
  app.post('/:table', async (c) => {
    const { auth, table } = await caller(c);
    return insertRows(c, rest, auth, await table());
  });
  app.patch('/:table', async (c) => {
    const { auth, table } = await caller(c);
    return updateOrDelete(c, rest, auth, await table(), 'update');
  });
  app.delete('/:table', async (c) => {
    const { auth, table } = await caller(c);
    return updateOrDelete(c, rest, auth, await table(), 'delete');
  });
  app.onError((error, c) => {
    if (error instanceof PostgrestError) return c.json(error.body(), error.status);
    log(`[rest] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return c.json({ code: 'PGRST000', details: null, hint: null, message: 'Unexpected failure in the local backend' }, 500);
  });
  return app;
}
