import type { Context } from 'hono';

import { parseConditions, renderWhere, type Filter } from './query/filters';
import { Params } from './query/names';
import { readPaging, renderOrder, type Paging } from './query/paging';
import { parseSelect, renderSelect, type SelectItem } from './query/select';
import type { RequestAuth } from './request-auth';
import { aggregate, asCaller, readPrefer, respondPage, type Rows } from './respond';
import type { RestContext } from './router';
import { EXPOSED_SCHEMA, ident, type Relation } from './schema-cache';

export interface ReadRequest {
  items: SelectItem[];
  filters: Filter[];
  order: string | null;
  paging: Paging;
}

/** Everything a read takes from the URL; parsed only after the caller and the target are known. */
export function readRequest(c: Context, filters: Filter[]): ReadRequest {
  const query = new URL(c.req.url).searchParams;
  return { items: parseSelect(query.get('select')), filters, order: query.get('order'), paging: readPaging(query) };
}

export interface Page extends Rows {
  total: number | undefined;
}

/**
 * One page of a read over `source` (a table or a function call), shaped by `relation`'s
 * columns, counted when the client asked. `params` already holds the parameters `source` uses.
 */
export async function queryPage(
  c: Context,
  rest: RestContext,
  auth: RequestAuth,
  relation: Relation,
  source: string,
  params: Params,
  request: ReadRequest,
): Promise<Page> {
  const qualifier = ident(relation.name);
  const where = renderWhere(relation, request.filters, params, qualifier);
  const countParams = [...params.values];
  const columns = renderSelect(relation, request.items, qualifier);
  const order = renderOrder(relation, request.order, qualifier);
  const { limit, offset } = request.paging;
  const paging = `${limit === undefined ? '' : `limit ${params.add(limit)}`} offset ${params.add(offset)}`;
  const countExact = readPrefer(c).countExact;
  return asCaller(rest.db, auth, c, async (tx) => {
    const rows = await tx.query<Rows>(aggregate(`select ${columns} from ${source} ${where} ${order} ${paging}`), params.values);
    const total = countExact
      ? (await tx.query<{ n: number }>(`select count(*)::int as n from ${source} ${where}`, countParams)).rows[0]?.n
      : undefined;
    return { json: rows.rows[0]?.json ?? '[]', n: rows.rows[0]?.n ?? 0, total };
  });
}

/** `GET` and `HEAD /:table` (postgrest-js `select()`, with `head: true` for a count only). */
export async function selectRows(c: Context, rest: RestContext, auth: RequestAuth, relation: Relation): Promise<Response> {
  const request = readRequest(c, parseConditions(new URL(c.req.url).searchParams));
  const page = await queryPage(c, rest, auth, relation, `${EXPOSED_SCHEMA}.${ident(relation.name)}`, new Params(), request);
  return respondPage(c, page, request.paging.offset, page.total);
}
