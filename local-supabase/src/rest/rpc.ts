import type { Context } from 'hono';

import { PostgrestError } from './errors';
import { parseConditions, renderWhere } from './query/filters';
import { Params } from './query/names';
import { renderOrder } from './query/paging';
import { renderSelect } from './query/select';
import { readRequest, queryPage } from './read';
import type { RequestAuth } from './request-auth';
import { asCaller, readPrefer, readRestJson, respondPage, wantsObject, type Rows } from './respond';
import type { RestContext } from './router';
import { EXPOSED_SCHEMA, ident, type Relation, type SchemaCache } from './schema-cache';

function json(c: Context, body: string): Response {
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(body, 200);
}

/**
 * `POST /rpc/fn` (supabase-js `rpc()`): arguments in the JSON body; the query's parameters
 * filter, order and page the function's result rows, as in PostgREST. `GET /rpc/fn` (`rpc()`
 * with `get: true`) is outside the contract.
 */
export async function callRoutine(c: Context, rest: RestContext, auth: RequestAuth, cache: SchemaCache, name: string): Promise<Response> {
  const payload = await readRestJson(c);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new PostgrestError(400, 'PGRST102', 'Expected a JSON object with the function arguments');
  }
  const args = payload as Record<string, unknown>;
  const filters = parseConditions(new URL(c.req.url).searchParams);
  const routine = await cache.routine(name, Object.keys(args));
  const params = new Params();
  const given = routine.args.filter((arg) => arg.name in args);
  const recordType = given.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ');
  const call = `${EXPOSED_SCHEMA}.${ident(routine.name)}(${given.map((arg) => `${ident(arg.name)} => _a.${ident(arg.name)}`).join(', ')})`;
  const argsRecord = given.length === 0 ? '' : `json_to_record(${params.add(JSON.stringify(args))}::json) as _a(${recordType})`;
  const from = argsRecord === '' ? '' : `from ${argsRecord}`;
  const lateral = argsRecord === '' ? '' : `${argsRecord} cross join lateral`;

  if (routine.returnsVoid) {
    await asCaller(rest.db, auth, c, (tx) => tx.query(`select ${call} ${from}`, params.values));
    return c.body(null, 204);
  }
  // A row-type result reads like a table with the function's result columns; a scalar result
  // has no columns, so any column named in select, filters or order is unknown, as in PostgREST.
  const relation: Relation = {
    name: routine.name,
    columns: routine.returnsComposite ? routine.resultColumns : new Map(),
  };
  const request = readRequest(c, filters);
  if (routine.returnsComposite) {
    const source = `(select _f.* from ${lateral} ${call} _f) ${ident(routine.name)}`;
    const page = await queryPage(c, rest, auth, relation, source, params, request);
    if (routine.returnsSet || wantsObject(c)) return respondPage(c, page, request.paging.offset, page.total);
    // A function returning one row answers with that row as an object.
    return json(c, JSON.stringify((JSON.parse(page.json) as unknown[])[0] ?? null));
  }
  renderWhere(relation, request.filters, new Params(), ident(routine.name));
  renderSelect(relation, request.items, ident(routine.name));
  renderOrder(relation, request.order, ident(routine.name));
  if (!routine.returnsSet) {
    const result = await asCaller(rest.db, auth, c, (tx) =>
      tx.query<{ body: string }>(`select to_json(${call})::text as body ${from}`, params.values),
    );
    return json(c, result.rows[0]?.body ?? 'null');
  }
  const values = `select _f as _v from ${lateral} ${call} _f`;
  const countParams = [...params.values];
  const { limit, offset } = request.paging;
  const paging = `${limit === undefined ? '' : `limit ${params.add(limit)}`} offset ${params.add(offset)}`;
  const countExact = readPrefer(c).countExact;
  const result = await asCaller(rest.db, auth, c, async (tx) => {
    const rows = await tx.query<Rows>(
      `select coalesce(json_agg(_r._v), '[]')::text as json, count(*)::int as n from (${values} ${paging}) _r`,
      params.values,
    );
    const total = countExact
      ? (await tx.query<{ n: number }>(`select count(*)::int as n from (${values}) _r`, countParams)).rows[0]?.n
      : undefined;
    return { json: rows.rows[0]?.json ?? '[]', n: rows.rows[0]?.n ?? 0, total };
  });
  return respondPage(c, result, offset, result.total);
}
