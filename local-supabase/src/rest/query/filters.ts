import { columnOf, fieldName, parseError, readQuoted, type Params } from './names';
import { ident, type Relation } from '../schema-cache';

/** Parameters that are never filters (PostgREST's reserved ones the clients send, and the gateway's key). */
const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'apikey']);

/**
 * PostgREST has no limit on filters, but it parses in Haskell off the request thread; here
 * parsing shares Node's one event loop with every other request.
 */
export const MAX_CONDITIONS = 100;

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const IS_VALUES: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };
/** PostgREST's other operators: outside the contract (CONTRACT.md), so named as unsupported rather than unknown. */
const UNSUPPORTED_OPERATORS = new Set([
  'match',
  'imatch',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
]);

export interface Filter {
  column: string;
  negate: boolean;
  operator: string;
  /** The value, or for `in` the list elements. */
  value: string | string[];
}

/**
 * A value in an `in.(…)` list, as PostgREST's `pListElement` reads it: a quoted value counts
 * only if a `,` or `)` follows it; otherwise the raw text up to the next `,` or `)`.
 */
function readElement(text: string, start: number): { value: string; end: number } {
  if (text[start] === '"') {
    const quoted = readQuoted(text, start);
    const next = quoted === undefined ? undefined : text[quoted.end];
    if (quoted !== undefined && (next === undefined || next === ',' || next === ')')) return quoted;
  }
  let i = start;
  while (i < text.length && text[i] !== ',' && text[i] !== ')') i += 1;
  return { value: text.slice(start, i), end: i };
}

/** PostgREST's `in.(a,"b,c")` list, which must end the expression. */
function readList(expression: string, start: number): string[] {
  const failed = (details = 'expecting a parenthesised list, e.g. in.(1,2)') =>
    parseError(`"failed to parse filter (${expression})"`, details);
  if (expression[start] !== '(') throw failed();
  const items: string[] = [];
  let i = start + 1;
  while (expression[i] === ' ' || expression[i] === '\t') i += 1;
  if (expression[i] !== ')') {
    for (;;) {
      const element = readElement(expression, i);
      items.push(element.value);
      i = element.end;
      if (expression[i] === ',') i += 1;
      else if (expression[i] === ')') break;
      else throw failed();
    }
  }
  if (i + 1 !== expression.length) throw failed('unexpected text after the list');
  return items;
}

/** A `column=[not.]op.value` filter. */
export function parseFilter(column: string, expression: string): Filter {
  const head = /^(not\.)?([a-z]+(?:\((?:any|all)\))?)\./.exec(expression);
  const operator = head?.[2];
  if (head === null || operator === undefined) {
    throw parseError(`"failed to parse filter (${expression})"`, 'expecting "not" or operator (eq, gt, ...)');
  }
  const negate = head[1] !== undefined;
  const valueStart = head[0].length;
  if (operator === 'in') return { column, negate, operator, value: readList(expression, valueStart) };
  if (operator !== 'is' && operator !== 'like' && operator !== 'ilike' && COMPARISONS[operator] === undefined) {
    const supported = UNSUPPORTED_OPERATORS.has(operator) || operator.endsWith(')') ? 'is not supported by the local backend' : undefined;
    throw parseError(`"failed to parse filter (${expression})"`, `operator "${operator}" ${supported ?? 'is unknown'}`);
  }
  return { column, negate, operator, value: expression.slice(valueStart) };
}

/**
 * The filters of a request: every non-reserved query parameter, ANDed as PostgREST does.
 * Logic trees (`or=`, `and=`) are outside the contract and answer PGRST100.
 */
export function parseConditions(query: URLSearchParams): Filter[] {
  const filters: Filter[] = [];
  for (const [key, value] of query) {
    if (RESERVED_PARAMS.has(key)) continue;
    if (/^(not\.)?(and|or)$/.test(key)) {
      throw parseError(`"failed to parse logic tree (${value})"`, 'Logic trees are not supported by the local backend');
    }
    const column = fieldName(key);
    if (column === undefined) throw parseError(`"failed to parse tree path (${key})"`, 'expecting field name (* or [a..z0..9_$])');
    if (filters.length >= MAX_CONDITIONS) {
      throw parseError('"too many conditions"', `A request may carry at most ${MAX_CONDITIONS} filter conditions in the local backend`);
    }
    filters.push(parseFilter(column, value));
  }
  return filters;
}

/** Renders one filter over `qualifier`; its value is always a bind parameter. */
function renderFilter(relation: Relation, filter: Filter, params: Params, qualifier: string): string {
  const name = columnOf(relation, filter.column);
  const type = relation.columns.get(name) ?? 'text';
  const ref = `${qualifier}.${ident(name)}`;
  let sql: string;
  if (typeof filter.value !== 'string') {
    sql = `${ref} = any(${params.add(filter.value)}::text[]::${type}[])`;
  } else if (filter.operator === 'is') {
    const keyword = IS_VALUES[filter.value.toLowerCase()];
    if (keyword === undefined) {
      throw parseError(`"failed to parse filter (is.${filter.value})"`, `unexpected "${filter.value}" expecting null or trilean value`);
    }
    sql = `${ref} is ${keyword}`;
  } else if (filter.operator === 'like' || filter.operator === 'ilike') {
    // PostgREST lets `*` stand for `%` so patterns survive URL encoding.
    sql = `${ref}::text ${filter.operator} ${params.add(filter.value.replace(/\*/g, '%'))}`;
  } else {
    sql = `${ref} ${COMPARISONS[filter.operator]} ${params.add(filter.value)}::text::${type}`;
  }
  return filter.negate ? `not (${sql})` : sql;
}

/** `where …` for parsed filters over `qualifier`, or '' when there are none. */
export function renderWhere(relation: Relation, filters: Filter[], params: Params, qualifier: string): string {
  if (filters.length === 0) return '';
  return `where ${filters.map((filter) => renderFilter(relation, filter, params, qualifier)).join(' and ')}`;
}
