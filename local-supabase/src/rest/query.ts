import { PostgrestError } from './errors';
import { ident, type Relation } from './schema-cache';

/**
 * Parses the PostgREST URL grammar the site uses (select, horizontal filters, order,
 * limit/offset) and renders it to SQL in which every value is a bind parameter and every
 * identifier was found in the schema cache. Hand-written: no maintained JavaScript library
 * parses PostgREST's grammar; the clients only build it.
 */

const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' };
const CAST_TYPE = /^[a-z_][a-z0-9_ ]*(\[\])?$/i;

/** Collects bind parameters and hands out their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function parseError(message: string, details: string | null = null): PostgrestError {
  return new PostgrestError(400, 'PGRST100', message, details);
}

function columnOf(relation: Relation, name: string): string {
  if (!relation.columns.has(name)) {
    throw new PostgrestError(400, '42703', `column ${relation.name}.${name} does not exist`);
  }
  return name;
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    if (char === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/** `select=*,id,alias:col,col::text` → a select list over `qualifier`. */
export function renderSelect(relation: Relation, select: string | undefined, qualifier: string): string {
  const items = splitTopLevel(select === undefined || select === '' ? '*' : select).map((item) => item.trim());
  const rendered = items.map((item) => {
    if (item === '*') return `${qualifier}.*`;
    if (item.includes('(')) throw parseError(`"failed to parse select parameter (${select ?? ''})"`, 'Resource embedding is not supported by the local backend');
    const aliasMatch = /^([^:]+):(?!:)(.+)$/.exec(item);
    const alias = aliasMatch?.[1];
    const rest = aliasMatch?.[2] ?? item;
    const [name = '', cast] = rest.split('::');
    const column = `${qualifier}.${ident(columnOf(relation, name.trim()))}`;
    if (cast !== undefined && !CAST_TYPE.test(cast)) throw parseError(`"failed to parse select parameter (${select ?? ''})"`);
    const expression = cast === undefined ? column : `${column}::${cast}`;
    const outputName = alias ?? name.trim();
    return `${expression} as ${ident(outputName)}`;
  });
  return rendered.join(', ');
}

/** PostgREST's `in.(a,"b,c")` list syntax. */
function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`"failed to parse filter (in.${raw})"`);
  const inner = raw.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map((value) => {
    const trimmed = value.trim();
    return trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/\\(.)/g, '$1') : trimmed;
  });
}

function renderCondition(relation: Relation, column: string, expression: string, params: Params): string {
  const name = columnOf(relation, column);
  const type = relation.columns.get(name) ?? 'text';
  const ref = `${ident(relation.name)}.${ident(name)}`;
  let negate = false;
  let rest = expression;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? undefined : rest.slice(dot + 1);
  if (value === undefined) throw parseError(`"failed to parse filter (${expression})"`, `unexpected end of input expecting "."`);
  let sql: string;
  if (operator === 'is') {
    const literal: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown', not_null: 'not null' };
    const keyword = literal[value.toLowerCase()];
    if (keyword === undefined) throw parseError(`"failed to parse filter (${expression})"`, `unexpected "${value}" expecting null or trilean value`);
    sql = `${ref} is ${keyword}`;
  } else if (operator === 'in') {
    sql = `${ref} = any(${params.add(parseList(value))}::text[]::${type}[])`;
  } else if (operator === 'like' || operator === 'ilike') {
    // PostgREST lets `*` stand for `%` so patterns survive URL encoding.
    sql = `${ref}::text ${OPERATORS[operator]} ${params.add(value.replace(/\*/g, '%'))}`;
  } else if (OPERATORS[operator] !== undefined) {
    sql = `${ref} ${OPERATORS[operator]} ${params.add(value)}::text::${type}`;
  } else {
    throw parseError(`"failed to parse filter (${expression})"`, `unknown operator "${operator}"`);
  }
  return negate ? `not (${sql})` : sql;
}

const LOGIC_ITEM = /^(not\.)?(and|or)(\(.*\))$/s;

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`: PostgREST's logic trees, nested to any depth. */
function renderTree(relation: Relation, operator: string, body: string, params: Params, negate: boolean): string {
  if (!body.startsWith('(') || !body.endsWith(')') || body.length === 2) {
    throw parseError(`"failed to parse logic tree (${body})"`, 'expecting a parenthesised list of conditions');
  }
  const parts = splitTopLevel(body.slice(1, -1)).map((raw) => {
    const item = raw.trim();
    const nested = LOGIC_ITEM.exec(item);
    if (nested?.[2] !== undefined && nested[3] !== undefined) {
      return renderTree(relation, nested[2], nested[3], params, nested[1] !== undefined);
    }
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${body})"`, `unexpected "${item}"`);
    // Inside a tree a value may be double-quoted to carry commas or parentheses.
    const expression = item.slice(dot + 1).replace(/^((?:not\.)?[a-z]+\.)"(.*)"$/s, '$1$2');
    return renderCondition(relation, item.slice(0, dot), expression, params);
  });
  const joined = `(${parts.join(` ${operator} `)})`;
  return negate ? `not ${joined}` : joined;
}

/** The WHERE clause from every non-reserved query parameter, ANDed as PostgREST does. */
export function renderWhere(relation: Relation, query: URLSearchParams, params: Params): string {
  const conditions: string[] = [];
  for (const [key, value] of query) {
    if (RESERVED_PARAMS.has(key)) continue;
    const tree = /^(not\.)?(and|or)$/.exec(key);
    if (tree?.[2] !== undefined) {
      conditions.push(renderTree(relation, tree[2], value, params, tree[1] !== undefined));
      continue;
    }
    conditions.push(renderCondition(relation, key, value, params));
  }
  return conditions.length === 0 ? '' : `where ${conditions.join(' and ')}`;
}

/** `order=a.desc.nullslast,b` → ORDER BY. */
export function renderOrder(relation: Relation, order: string | null, qualifier: string): string {
  if (order === null || order === '') return '';
  const terms = order.split(',').map((term) => {
    const [name = '', ...modifiers] = term.trim().split('.');
    let sql = `${qualifier}.${ident(columnOf(relation, name))}`;
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') sql += ` ${modifier}`;
      else if (modifier === 'nullsfirst') sql += ' nulls first';
      else if (modifier === 'nullslast') sql += ' nulls last';
      else throw parseError(`"failed to parse order (${order})"`, `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    return sql;
  });
  return `order by ${terms.join(', ')}`;
}

function nonNegativeInt(name: string, raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw parseError(`"failed to parse ${name} parameter (${raw})"`);
  return Number(raw);
}

export function readPaging(query: URLSearchParams): { limit: number | undefined; offset: number } {
  return { limit: nonNegativeInt('limit', query.get('limit')), offset: nonNegativeInt('offset', query.get('offset')) ?? 0 };
}
