import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Context } from 'hono';

import { PostgrestError, fromDatabaseError } from './errors';
import type { RequestAuth } from './request-auth';
import { EXPOSED_SCHEMA } from './schema-cache';
import { BadJsonError, readJson } from '../http/body';

/** What every REST job shares: the request's headers and body, the caller's transaction, and the response's shape. */

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

/**
 * PostgREST's search_path per request: the exposed schema, then `db-extra-search-path`, which
 * hosted Supabase sets to `public, extensions` so extension functions resolve unqualified.
 */
const SEARCH_PATH = `${EXPOSED_SCHEMA}, ${EXPOSED_SCHEMA}, extensions`;

export interface Prefer {
  representation: boolean;
  countExact: boolean;
}

/**
 * The `Prefer` tokens postgrest-js sends for the calls in the contract. Upserts
 * (`resolution=`) and `missing=default` are outside it and refused: ignored, they would write
 * something other than what PostgREST writes.
 */
export function readPrefer(c: Context): Prefer {
  const tokens = (c.req.header('prefer') ?? '').split(',').map((token) => token.trim());
  const unsupported = tokens.find((token) => token.startsWith('resolution=') || token === 'missing=default');
  if (unsupported !== undefined) {
    throw new PostgrestError(400, 'PGRST100', `"Prefer: ${unsupported}" is not supported by the local backend`);
  }
  return { representation: tokens.includes('return=representation'), countExact: tokens.includes('count=exact') };
}

/** Only `public` is exposed, as in the project's API settings. */
export function checkProfile(c: Context): void {
  const profile = c.req.header('accept-profile') ?? c.req.header('content-profile');
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
    throw new PostgrestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`, null, null);
  }
}

export async function readRestJson(c: Context): Promise<unknown> {
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
export async function asCaller<T>(db: PGlite, auth: RequestAuth, c: Context, work: (tx: Transaction) => Promise<T>): Promise<T> {
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

export function wantsObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(OBJECT_MEDIA_TYPE);
}

/** Wraps a query so it answers one row: the rows as JSON text and their number. */
export const aggregate = (inner: string): string =>
  `select coalesce(json_agg(_r), '[]')::text as json, count(*)::int as n from (${inner}) _r`;

export interface Rows {
  json: string;
  n: number;
}

/** Renders `json_agg` output, honouring `Accept: application/vnd.pgrst.object+json` (`.single()`). */
export function respondRows(c: Context, rows: Rows, status: 200 | 201 | 206, contentRange: string): Response {
  let body = rows.json;
  if (wantsObject(c)) {
    if (rows.n !== 1) {
      throw new PostgrestError(
        406,
        'PGRST116',
        'JSON object requested, multiple (or no) rows returned',
        `The result contains ${rows.n} rows`,
      );
    }
    body = JSON.stringify((JSON.parse(rows.json) as unknown[])[0]);
  }
  c.header('Content-Range', contentRange);
  c.header('Content-Type', `${wantsObject(c) ? OBJECT_MEDIA_TYPE : 'application/json'}; charset=utf-8`);
  return c.req.method === 'HEAD' ? c.body(null, status) : c.body(body, status);
}

/**
 * PostgREST's RangeQuery.rangeStatusHeader: 206 for a partial page of a counted result, 416
 * (PGRST103) for an offset past its end, 200 otherwise; Content-Range `from-to/total`.
 */
export function respondPage(c: Context, rows: Rows, offset: number, total: number | undefined): Response {
  const upper = offset + rows.n - 1;
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
  return respondRows(c, rows, total !== undefined && rows.n < total ? 206 : 200, contentRange);
}
