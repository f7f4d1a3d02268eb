import type { Context } from 'hono';

import { PostgrestError } from './errors';
import { renderWhere, parseConditions } from './query/filters';
import { Params, parseColumns } from './query/names';
import { parseSelect, renderSelect } from './query/select';
import type { RequestAuth } from './request-auth';
import { aggregate, asCaller, readPrefer, readRestJson, respondRows, type Rows } from './respond';
import type { RestContext } from './router';
import { EXPOSED_SCHEMA, ident, type Relation } from './schema-cache';

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
 * Runs a write as the caller and answers as PostgREST does: with `Prefer: return=representation`
 * the written rows (shaped by `select=`) and `success`, else no body and `empty`.
 */
async function write(
  c: Context,
  rest: RestContext,
  auth: RequestAuth,
  relation: Relation,
  statement: { sql: string; params: Params; returning: string },
  status: { success: 200 | 201; empty: 201 | 204 },
): Promise<Response> {
  const prefer = readPrefer(c);
  const selectList = renderSelect(relation, parseSelect(new URL(c.req.url).searchParams.get('select')), '_w');
  const result = await asCaller(rest.db, auth, c, async (tx): Promise<Rows> => {
    if (!prefer.representation) {
      const done = await tx.query(statement.sql, statement.params.values);
      return { json: '[]', n: done.affectedRows ?? 0 };
    }
    const written = await tx.query<Rows>(
      `with _w as (${statement.sql} returning ${statement.returning}) ${aggregate(`select ${selectList} from _w`)}`,
      statement.params.values,
    );
    return { json: written.rows[0]?.json ?? '[]', n: written.rows[0]?.n ?? 0 };
  });
  const contentRange = `*/${prefer.countExact ? result.n : '*'}`;
  if (prefer.representation) return respondRows(c, result, status.success, contentRange);
  c.header('Content-Range', contentRange);
  return c.body(null, status.empty);
}

/** `POST /:table` (postgrest-js `insert()`): one object or an array, all in one statement. */
export async function insertRows(c: Context, rest: RestContext, auth: RequestAuth, relation: Relation): Promise<Response> {
  const rows = asRows(await readRestJson(c));
  const columns = payloadColumns(relation, rows, parseColumns(new URL(c.req.url).searchParams.get('columns')));
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  const payload = params.add(JSON.stringify(rows));
  const list = columns.map(ident).join(', ');
  // With no keys at all, a zero-column select inserts one all-default row per object.
  const sql =
    columns.length === 0
      ? `insert into ${table} select from json_array_elements(${payload}::json)`
      : `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${payload}::json)`;
  return write(c, rest, auth, relation, { sql, params, returning: '*' }, { success: 201, empty: 201 });
}

/** `PATCH /:table` (postgrest-js `update()`): one object, applied to the filtered rows. */
export async function updateRows(c: Context, rest: RestContext, auth: RequestAuth, relation: Relation): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  const filters = parseConditions(query);
  const patch = asRows(await readRestJson(c));
  if (patch.length !== 1 || patch[0] === undefined) throw new PostgrestError(400, 'PGRST102', 'Expected a single JSON object');
  const columns = payloadColumns(relation, patch, parseColumns(query.get('columns')));
  // PostgREST answers an empty patch without touching the table.
  if (columns.length === 0) return c.body(null, 204);
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  const values = params.add(JSON.stringify(patch[0]));
  const sets = columns.map((name) => `${ident(name)} = _v.${ident(name)}`).join(', ');
  const sql = `update ${table} set ${sets} from (select * from json_populate_record(null::${table}, ${values}::json)) _v
    ${renderWhere(relation, filters, params, table)}`;
  return write(c, rest, auth, relation, { sql, params, returning: `${table}.*` }, { success: 200, empty: 204 });
}

/** `DELETE /:table` (postgrest-js `delete()`): the filtered rows. */
export async function deleteRows(c: Context, rest: RestContext, auth: RequestAuth, relation: Relation): Promise<Response> {
  const filters = parseConditions(new URL(c.req.url).searchParams);
  const params = new Params();
  const table = `${EXPOSED_SCHEMA}.${ident(relation.name)}`;
  const sql = `delete from ${table} ${renderWhere(relation, filters, params, table)}`;
  return write(c, rest, auth, relation, { sql, params, returning: `${table}.*` }, { success: 200, empty: 204 });
}
