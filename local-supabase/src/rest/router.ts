import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';

import { PostgrestError, fromDatabaseError } from './errors';
import {
  Params,
  castsIn,
  isOperatorExpression,
  isReservedParam,
  parseColumns,
  parseConditions,
  parseSelect,
  readPaging,
  renderOrder,
  renderSelect,
  renderWhere,
  type Condition,
  type Paging,
  type SelectItem,
} from './query';
import { authenticate, type RequestAuth } from './request-auth';
import { EXPOSED_SCHEMA, SchemaCache, ident, type Relation, type Routine } from './schema-cache';
import type { SigningKeys } from '../auth/signing-keys';
import { BadJsonError, closingBodyLimit, readJson } from '../http/body';
import { requireApiKey } from '../http/gateway';

export interface RestContext {
  db: PGlite;
  keys: SigningKeys;
}

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

/**
 * PostgREST's search_path per request: the exposed schema, then `db-extra-search-path`, which
 * hosted Supabase sets to `public, extensions` so extension functions resolve unqualified.
 */
const SEARCH_PATH = `${EXPOSED_SCHEMA}, ${EXPOSED_SCHEMA}, extensions`;

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
        `select set_config('search_path', $1, true), set_config('role', $2, true), set_config('request.jwt.claims', $3, true),
                set_config('request.method', $4, true), set_config('request.path', $5, true)`,
        [SEARCH_PATH, auth.role, JSON.stringify({ ...auth.claims, role: auth.role }), c.req.method, c.req.path],
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
function respondRows(c: Context, json: string, rowCount: number, status: 200 | 201 | 206, headers: Record<string, string>): Response {
  let body = json;
  if (wantsObject(c)) {
    if (rowCount !== 1) {
      throw new PostgrestError(
        406,
        'PGRST116',
        'JSON object requested, multiple (or no) rows returned',
        `The result contains ${rowCount} rows`,
      );
    }
    body = JSON.stringify((JSON.parse(json) as unknown[])[0]);
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Content-Type', `${wantsObject(c) ? OBJECT_MEDIA_TYPE : 'application/json'}; charset=utf-8`);
  return c.req.method === 'HEAD' ? c.body(null, status) : c.body(body, status);
}

/**
 * PostgREST's RangeQuery.rangeStatusHeader: 206 for a partial page of a counted result, 416
 * (PGRST103) for an offset past its end, 200 otherwise; Content-Range `from-to/total`.
 */
function respondPage(c: Context, json: string, rowCount: number, offset: number, total: number | undefined): Response {
  const upper = offset + rowCount - 1;
  const range = total !== 0 && offset <= upper ? `${offset}-${upper}` : '*';
  const contentRange = `${range}/${total ?? '*'}`;
  if (total !== undefined && offset > total) {
    c.header('Content-Range', contentRange);
    throw new PostgrestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  const status = total !== undefined && rowCount < total ? 206 : 200;
  return respondRows(c, json, rowCount, status, { 'Content-Range': contentRange });
}

const aggregate = (inner: string): string => `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (${inner}) _r`;

/** Resolves the select list's casts in the catalogue (see SchemaCache.castType). */
async function resolveCasts(cache: SchemaCache, items: SelectItem[]): Promise<Map<string, string>> {
  const casts = new Map<string, string>();
  for (const name of castsIn(items)) casts.set(name, await cache.castType(name));
  return casts;
}

interface ReadRequest {
  items: SelectItem[];
  casts: Map<string, string>;
  conditions: Condition[];
  order: string | null;
  paging: Paging;
}

/** Everything a read takes from the URL; parsed only after the caller and the target are known. */
async function readRequest(c: Context, cache: SchemaCache, conditions: Condition[]): Promise<ReadRequest> {
  const query = new URL(c.req.url).searchParams;
  const items = parseSelect(query.get('select'));
  return {
    items,
    casts: await resolveCasts(cache, items),
    conditions,
    order: query.get('order'),
    paging: readPaging(query, c.req.header('range')),
  };
}

interface Page {
  json: string;
  n: number;
  total: number | undefined;
}

/**
 * One page of a read over `source` (a table or a function call), shaped by `relation`'s
 * columns, counted when the client asked. `params` already holds the parameters `source` uses.
 */
async function queryPage(
  c: Context,
  rest: RestContext,
  auth: RequestAuth,
  relation: Relation,
  source: string,
  params: Params,
  request: ReadRequest,
): Promise<Page> {
  const qualifier = ident(relation.name);
  const where = renderWhere(relation, request.conditions, params, qualifier);
  const countParams = [...params.values];
  const columns = renderSelect(relation, request.items, qualifier, request.casts);
  const order = renderOrder(relation, request.order, qualifier);
  const { limit, offset } = request.paging;
  const paging = `${limit === undefined ? '' : `limit ${params.add(limit)}`} offset ${params.add(offset)}`;
  const countExact = readPrefer(c).countExact;
  return asCaller(rest.db, auth, c, async (tx) => {
    const rows = await tx.query<{ body: string; n: number }>(
      aggregate(`select ${columns} from ${source} ${where} ${order} ${paging}`),
      params.values,
    );
    const total = countExact
      ? (await tx.query<{ n: number }>(`select count(*)::int as n from ${source} ${where}`, countParams)).rows[0]?.n
      : undefined;
    return { json: rows.rows[0]?.body ?? '[]', n: rows.rows[0]?.n ?? 0, total };
  });
}

async function selectRows(c: Context, rest: RestContext, cache: SchemaCache, auth: RequestAuth, relation: Relation): Promise<Response> {
  const request = await readRequest(c, cache, parseConditions(new URL(c.req.url).searchParams));
  const page = await queryPage(c, rest, auth, relation, `${EXPOSED_SCHEMA}.${ident(relation.name)}`, new Params(), request);
  return respondPage(c, page.json, page.n, request.paging.offset, page.total);
}

function unknownColumn(relation: Relation, name: string): PostgrestError {
  return new PostgrestError(400, 'PGRST204', `Could not find the '${name}' column of '${relation.name}' in the schema cache`);
}

/** Column list for a write: `columns=` if given, else the union of the keys of every row, as PostgREST takes it. */
function payloadColumns(relation: Relation, rows: Record<string, unknown>[], requested: string[] | undefined): string[] {
  const names = new Set<string>(requested);
  if (requested === undefined) for (const row of rows) for (const key of Object.keys(row)) names.add(key);
  for (const name of names) if (!relation.columns.has(name)) throw unknownColumn(relation, name);
  return [...names];
}

function asRows(payload: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(payload) ? payload : [payload];
  if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
    throw new PostgrestError(400, 'PGRST102', 'All object keys must match');
  }
  return rows as Record<string, unknown>[];
}

/**
 * The rows to insert as SQL. With `Prefer: missing=default`, each object is laid over the
 * columns' default expressions first (PostgREST's `jsonb_build_object(defaults) || row`), so a
 * key an object lacks takes the column default instead of NULL. The default expressions come
 * from the catalogue (`pg_get_expr`), never from the request.
 */
function insertSource(
  relation: Relation,
  table: string,
  columns: string[],
  payload: string,
  missingDefault: boolean,
  params: Params,
): string {
  const list = columns.map(ident).join(', ');
  const withDefaults = columns.filter((name) => relation.defaults.has(name));
  if (!missingDefault || withDefaults.length === 0) {
    return `select ${list} from json_populate_recordset(null::${table}, ${payload}::json)`;
  }
  const defaults = withDefaults.map((name) => `${params.add(name)}::text, ${relation.defaults.get(name) ?? 'null'}`).join(', ');
  return `select ${list} from jsonb_populate_recordset(null::${table},
    (select coalesce(jsonb_agg(jsonb_build_object(${defaults}) || _e order by _i), '[]') from jsonb_array_elements(${payload}::jsonb) with ordinality _x(_e, _i)))`;
}

async function insertRows(c: Context, rest: RestContext, cache: SchemaCache, auth: RequestAuth, relation: Relation): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  const requested = parseColumns(query.get('columns'));
  const items = parseSelect(query.get('select'));
  const casts = await resolveCasts(cache, items);
  const rows = asRows(await readRestJson(c));
  const columns = payloadColumns(relation, rows, requested);
  const prefer = readPrefer(c);
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  const payload = params.add(JSON.stringify(rows));
  // With no keys at all, a zero-column select inserts one all-default row per object.
  const source =
    columns.length === 0
      ? `select from json_array_elements(${payload}::json)`
      : insertSource(relation, table, columns, payload, prefer.missingDefault, params);
  let conflict = '';
  if (prefer.resolution !== undefined) {
    const target = (parseColumns(query.get('on_conflict')) ?? relation.primaryKey).map((name) => {
      if (!relation.columns.has(name)) throw new PostgrestError(400, '42703', `column ${relation.name}.${name} does not exist`);
      return ident(name);
    });
    const updates = columns.map((name) => `${ident(name)} = excluded.${ident(name)}`).join(', ');
    conflict =
      prefer.resolution === 'ignore-duplicates' || updates === ''
        ? `on conflict (${target.join(', ')}) do nothing`
        : `on conflict (${target.join(', ')}) do update set ${updates}`;
  }
  const insert = `insert into ${table} ${columns.length === 0 ? '' : `(${columns.map(ident).join(', ')})`} ${source} ${conflict}`;
  const selectList = renderSelect(relation, items, '_w', casts);
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
  cache: SchemaCache,
  auth: RequestAuth,
  relation: Relation,
  kind: 'update' | 'delete',
): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  const conditions = parseConditions(query);
  const items = parseSelect(query.get('select'));
  const casts = await resolveCasts(cache, items);
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  let statement: string;
  if (kind === 'update') {
    const patch = asRows(await readRestJson(c));
    if (patch.length !== 1 || patch[0] === undefined) throw new PostgrestError(400, 'PGRST102', 'Expected a single JSON object');
    const columns = payloadColumns(relation, patch, parseColumns(query.get('columns')));
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
  const where = renderWhere(relation, conditions, params, table);
  const full = `${statement} ${where}`;
  const prefer = readPrefer(c);
  const selectList = renderSelect(relation, items, '_w', casts);
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

/**
 * `POST /rpc/fn` (arguments in the JSON body) and `GET /rpc/fn` (arguments in the query). As in
 * PostgREST, a GET parameter is an argument unless its value is an operator expression, and
 * every other parameter filters, orders and pages the function's result rows.
 */
async function callRoutine(c: Context, rest: RestContext, auth: RequestAuth, cache: SchemaCache, name: string): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  let args: Record<string, unknown>;
  let conditions: Condition[];
  if (c.req.method === 'POST') {
    const payload = await readRestJson(c);
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new PostgrestError(400, 'PGRST102', 'Expected a JSON object with the function arguments');
    }
    args = payload as Record<string, unknown>;
    conditions = parseConditions(query);
  } else {
    const isArgument = (key: string, value: string) => !/^(not\.)?(and|or)$/.test(key) && !isOperatorExpression(value);
    args = Object.fromEntries([...query].filter(([key, value]) => !isReservedParam(key) && isArgument(key, value)));
    conditions = parseConditions(query, isArgument);
  }
  const routine: Routine = await cache.routine(name, Object.keys(args));
  const params = new Params();
  const given = routine.args.filter((arg) => arg.name in args);
  const recordType = given.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ');
  const call = `${EXPOSED_SCHEMA}.${ident(routine.name)}(${given.map((arg) => `${ident(arg.name)} => _a.${ident(arg.name)}`).join(', ')})`;
  const argsRecord = given.length === 0 ? '' : `json_to_record(${params.add(JSON.stringify(args))}::json) as _a(${recordType})`;
  const from = argsRecord === '' ? '' : `from ${argsRecord}`;

  if (routine.returnsVoid) {
    await asCaller(rest.db, auth, c, (tx) => tx.query(`select ${call} ${from}`, params.values));
    return c.body(null, 204);
  }
  // A row-type result reads like a table with the function's result columns; a scalar result
  // has no columns, so any column named in select, filters or order is unknown, as in PostgREST.
  const relation: Relation = {
    name: routine.name,
    columns: routine.returnsComposite ? routine.resultColumns : new Map(),
    primaryKey: [],
    defaults: new Map(),
  };
  const request = await readRequest(c, cache, conditions);
  if (routine.returnsComposite) {
    const source = `(select _f.* from ${argsRecord === '' ? '' : `${argsRecord} cross join lateral`} ${call} _f) ${ident(routine.name)}`;
    const page = await queryPage(c, rest, auth, relation, source, params, request);
    if (routine.returnsSet || wantsObject(c)) return respondPage(c, page.json, page.n, request.paging.offset, page.total);
    // A function returning one row answers with that row as an object.
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(JSON.stringify((JSON.parse(page.json) as unknown[])[0] ?? null), 200);
  }
  // Scalars: select, filters and order can only name columns, and a scalar has none.
  renderWhere(relation, request.conditions, new Params(), ident(routine.name));
  renderSelect(relation, request.items, ident(routine.name), request.casts);
  renderOrder(relation, request.order, ident(routine.name));
  if (!routine.returnsSet) {
    const result = await asCaller(rest.db, auth, c, (tx) =>
      tx.query<{ body: string }>(`select to_json(${call})::text as body ${from}`, params.values),
    );
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(result.rows[0]?.body ?? 'null', 200);
  }
  const values = `select _f as _v from ${argsRecord === '' ? '' : `${argsRecord} cross join lateral`} ${call} _f`;
  const countParams = [...params.values];
  const { limit, offset } = request.paging;
  const paging = `${limit === undefined ? '' : `limit ${params.add(limit)}`} offset ${params.add(offset)}`;
  const prefer = readPrefer(c);
  const result = await asCaller(rest.db, auth, c, async (tx) => {
    const rows = await tx.query<{ body: string; n: number }>(
      `select coalesce(json_agg(_r._v), '[]')::text as body, count(*)::int as n from (${values} ${paging}) _r`,
      params.values,
    );
    const total = prefer.countExact
      ? (await tx.query<{ n: number }>(`select count(*)::int as n from (${values}) _r`, countParams)).rows[0]?.n
      : undefined;
    return { json: rows.rows[0]?.body ?? '[]', n: rows.rows[0]?.n ?? 0, total };
  });
  return respondPage(c, result.json, result.n, offset, result.total);
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
  // PostgREST authenticates before it looks at the path, and parses the query only once it
  // knows the caller and the target, so a bad token or an unknown table is reported first and
  // no anonymous request reaches the query parser for a table that does not exist.
  const caller = async (c: Context) => ({
    auth: await authenticate(c, rest.keys),
    table: () => cache.relation(c.req.param('table') ?? ''),
  });
  app.on(['GET', 'POST'], '/rpc/:fn', async (c) => callRoutine(c, rest, (await caller(c)).auth, cache, c.req.param('fn')));
  app.on(['GET', 'HEAD'], '/:table', async (c) => {
    const { auth, table } = await caller(c);
    return selectRows(c, rest, cache, auth, await table());
  });
  app.post('/:table', async (c) => {
    const { auth, table } = await caller(c);
    return insertRows(c, rest, cache, auth, await table());
  });
  app.patch('/:table', async (c) => {
    const { auth, table } = await caller(c);
    return updateOrDelete(c, rest, cache, auth, await table(), 'update');
  });
  app.delete('/:table', async (c) => {
    const { auth, table } = await caller(c);
    return updateOrDelete(c, rest, cache, auth, await table(), 'delete');
  });
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
