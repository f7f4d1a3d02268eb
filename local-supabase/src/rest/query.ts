import { PostgrestError } from './errors';
import { ident, type Relation } from './schema-cache';

/**
 * Parses the PostgREST URL grammar the site uses (select, horizontal filters, logic trees,
 * order, limit/offset) and renders it to SQL in which every value is a bind parameter and every
 * identifier, type and keyword was either found in the catalogue or picked from a fixed list.
 * No text from a request is ever pasted into SQL. Hand-written: no maintained JavaScript
 * library parses PostgREST's grammar; the clients only build it.
 */

/** Parameters that are never filters (PostgREST's `reserved` plus its embeddable ones, and the gateway's key). */
const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

export const isReservedParam = (key: string): boolean => RESERVED_PARAMS.has(key);

/**
 * Limits on filters. PostgREST has none, but it parses in Haskell off the request thread; here
 * parsing shares Node's one event loop with every other request, so a request may carry at most
 * this many conditions (top-level filters plus logic-tree leaves) nested this deep.
 */
export const MAX_LOGIC_DEPTH = 16;
export const MAX_CONDITIONS = 100;

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  isdistinct: 'is distinct from',
  match: '~',
  imatch: '~*',
};
const PATTERNS: Record<string, string> = { like: 'like', ilike: 'ilike' };
const IS_VALUES: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };
/** Operators PostgREST knows that the local backend does not implement; named in the error. */
const UNSUPPORTED_OPERATORS = new Set(['fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']);

/** PostgREST's `pIdentifier` characters: letters, digits, `_`, `$` and spaces (trimmed). */
const IDENTIFIER = /^[\p{L}0-9_$ ]+$/u;
/** PostgREST's `pFieldName`: identifiers joined by dashes (not `->`), or a double-quoted name. */
const FIELD_NAME = /^[\p{L}0-9_$ ]+(?:-[\p{L}0-9_$ ]+)*$/u;

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

export function columnOf(relation: Relation, name: string): string {
  if (!relation.columns.has(name)) {
    throw new PostgrestError(400, '42703', `column ${relation.name}.${name} does not exist`);
  }
  return name;
}

/** Reads a double-quoted value with backslash escapes starting at `start`; returns it and the index after it. */
function readQuoted(text: string, start: number): { value: string; end: number } | undefined {
  let value = '';
  for (let i = start + 1; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\') {
      i += 1;
      value += text[i] ?? '';
    } else if (char === '"') {
      return { value, end: i + 1 };
    } else {
      value += char;
    }
  }
  return undefined;
}

/** A field name as PostgREST reads it: unquoted identifier words, or a quoted name. */
function fieldName(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (trimmed.startsWith('"')) {
    const quoted = readQuoted(trimmed, 0);
    return quoted !== undefined && quoted.end === trimmed.length ? quoted.value : undefined;
  }
  return FIELD_NAME.test(trimmed) ? trimmed : undefined;
}

/** Splits on commas outside double quotes; used for select lists, which have no nesting here. */
function splitOutsideQuotes(text: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (quoted && char === '\\') {
      current += char + (text[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

// ---------------------------------------------------------------------------------------------
// select

export type SelectItem = { kind: 'star' } | { kind: 'column'; column: string; alias: string | undefined; cast: string | undefined };

/** `select=*,id,alias:col,col::text` → items; casts are resolved against the catalogue later. */
export function parseSelect(select: string | null | undefined): SelectItem[] {
  const raw = select === null || select === undefined || select === '' ? '*' : select;
  const failed = (details: string | null = null) => parseError(`"failed to parse select parameter (${raw})"`, details);
  return splitOutsideQuotes(raw).map((part): SelectItem => {
    const item = part.trim();
    if (item === '*') return { kind: 'star' };
    if (item.includes('(')) throw failed('Resource embedding and aggregates are not supported by the local backend');
    if (item.includes('->')) throw failed('JSON paths are not supported by the local backend');
    // `alias:` is a field name followed by one colon (a `::` is a cast).
    const aliasMatch = /^((?:"(?:[^"\\]|\\.)*")|[^:"]+):(?!:)/.exec(item);
    const aliasText = aliasMatch?.[1];
    const alias = aliasText === undefined ? undefined : fieldName(aliasText);
    if (aliasText !== undefined && alias === undefined) throw failed(`unexpected "${aliasText}" expecting field name (* or [a..z0..9_$])`);
    const rest = aliasMatch === null ? item : item.slice(aliasMatch[0].length);
    const [nameText = '', cast, ...more] = rest.split('::');
    if (more.length > 0) throw failed('only one cast is allowed per column');
    const column = fieldName(nameText);
    if (column === undefined) throw failed(`unexpected "${nameText}" expecting field name (* or [a..z0..9_$])`);
    if (cast !== undefined && !IDENTIFIER.test(cast)) throw failed(`unexpected "${cast}" expecting a type name`);
    // One spelling per type: `double  precision` and `double precision` are the same name.
    return { kind: 'column', column, alias, cast: cast?.trim().replace(/ +/g, ' ') };
  });
}

/** The type names a select list casts to, for the caller to resolve in the catalogue. */
export const castsIn = (items: SelectItem[]): string[] =>
  items.flatMap((item) => (item.kind === 'column' && item.cast !== undefined ? [item.cast] : []));

/**
 * Renders a parsed select list over `qualifier`. `casts` maps each requested type name to the
 * catalogue's own spelling of it (`format_type`), so only real type names reach SQL; the
 * `CAST(… AS …)` form is PostgREST's.
 */
export function renderSelect(relation: Relation, items: SelectItem[], qualifier: string, casts: ReadonlyMap<string, string>): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return `${qualifier}.*`;
      const column = `${qualifier}.${ident(columnOf(relation, item.column))}`;
      const type = item.cast === undefined ? undefined : casts.get(item.cast);
      if (item.cast !== undefined && type === undefined) throw new Error(`cast ${item.cast} was not resolved`);
      const expression = type === undefined ? column : `cast(${column} as ${type})`;
      return `${expression} as ${ident(item.alias ?? item.column)}`;
    })
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// filters

export interface Filter {
  kind: 'filter';
  column: string;
  negate: boolean;
  operator: string;
  /** The value, or for `in` the list elements. */
  value: string | string[];
}

export interface LogicTree {
  kind: 'tree';
  operator: 'and' | 'or';
  negate: boolean;
  children: (Filter | LogicTree)[];
}

/** Counts conditions across one request, so a request cannot make the parser do unbounded work. */
export class ConditionBudget {
  private used = 0;
  take(): void {
    this.used += 1;
    if (this.used > MAX_CONDITIONS) {
      throw parseError('"too many conditions"', `A request may carry at most ${MAX_CONDITIONS} filter conditions in the local backend`);
    }
  }
}

/** `not.`? then an operator and its `.`; returns the operator, negation and where the value starts. */
function readOperator(text: string, start: number): { negate: boolean; operator: string; valueStart: number } | undefined {
  let i = start;
  let negate = false;
  if (text.startsWith('not.', i)) {
    negate = true;
    i += 4;
  }
  const match = /[a-z]+(?:\((?:any|all)\))?/y;
  match.lastIndex = i;
  const found = match.exec(text);
  if (found === null || text[i + found[0].length] !== '.') return undefined;
  return { negate, operator: found[0], valueStart: i + found[0].length + 1 };
}

const isKnownOperator = (operator: string): boolean =>
  operator === 'in' ||
  operator === 'is' ||
  COMPARISONS[operator] !== undefined ||
  PATTERNS[operator] !== undefined ||
  UNSUPPORTED_OPERATORS.has(operator);

/**
 * Whether a value reads as PostgREST's operator expression (`eq.1`, `not.in.(…)`, `eq(any).{…}`).
 * For RPC reads, parameters whose values do not are function arguments.
 */
export function isOperatorExpression(value: string): boolean {
  const head = readOperator(value, 0);
  return head !== undefined && isKnownOperator(head.operator.replace(/\((?:any|all)\)$/, ''));
}

function checkOperator(operator: string, expression: string): void {
  if (operator === 'in' || operator === 'is' || COMPARISONS[operator] !== undefined || PATTERNS[operator] !== undefined) return;
  if (UNSUPPORTED_OPERATORS.has(operator) || operator.endsWith(')')) {
    throw parseError(`"failed to parse filter (${expression})"`, `operator "${operator}" is not supported by the local backend`);
  }
  throw parseError(`"failed to parse filter (${expression})"`, `unknown operator "${operator}"`);
}

/**
 * A value that may be double-quoted, as PostgREST's `pListElement`/`pLogicSingleVal` read it: a
 * quoted value counts only if a `,` or `)` (or the end) follows it; otherwise the raw text up to
 * the next `,` or `)` is the value, quotes included.
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

/** PostgREST's `in.(a,"b,c")` list; returns the elements and the index after the closing `)`. */
function readList(text: string, start: number, expression: string): { items: string[]; end: number } {
  const failed = () => parseError(`"failed to parse filter (${expression})"`, 'expecting a parenthesised list, e.g. in.(1,2)');
  if (text[start] !== '(') throw failed();
  const items: string[] = [];
  let i = start + 1;
  while (text[i] === ' ' || text[i] === '\t') i += 1;
  if (text[i] === ')') return { items, end: i + 1 };
  for (;;) {
    const element = readElement(text, i);
    items.push(element.value);
    i = element.end;
    if (text[i] === ',') i += 1;
    else if (text[i] === ')') return { items, end: i + 1 };
    else throw failed();
  }
}

/**
 * A top-level `column=op.value` filter. Returns undefined when the value is not an operator
 * expression, which RPC reads use to tell function arguments from filters.
 */
export function parseFilter(column: string, expression: string): Filter | undefined {
  const head = readOperator(expression, 0);
  if (head === undefined) return undefined;
  checkOperator(head.operator, expression);
  if (head.operator === 'in') {
    const list = readList(expression, head.valueStart, expression);
    if (list.end !== expression.length) throw parseError(`"failed to parse filter (${expression})"`, 'unexpected text after the list');
    return { kind: 'filter', column, negate: head.negate, operator: 'in', value: list.items };
  }
  return { kind: 'filter', column, negate: head.negate, operator: head.operator, value: expression.slice(head.valueStart) };
}

/** Like parseFilter, for a parameter that must be a filter. */
export function requireFilter(column: string, expression: string): Filter {
  const filter = parseFilter(column, expression);
  if (filter === undefined) {
    throw parseError(`"failed to parse filter (${expression})"`, 'expecting "not" or operator (eq, gt, ...)');
  }
  return filter;
}

const TREE_START = /(not\.)?(and|or)\(/y;

/**
 * `or=(a.eq.1,and(b.gt.2,c.is.null))`: PostgREST's logic trees, parsed in one left-to-right
 * pass with an explicit stack (no recursion), within MAX_LOGIC_DEPTH and the request's budget.
 */
export function parseLogicTree(operator: 'and' | 'or', negate: boolean, body: string, budget: ConditionBudget): LogicTree {
  const failed = (details: string) => parseError(`"failed to parse logic tree (${body})"`, details);
  const root: LogicTree = { kind: 'tree', operator, negate, children: [] };
  if (body[0] !== '(') throw failed('expecting "("');
  const stack: LogicTree[] = [root];
  let i = 1;
  let expectItem = true;
  const skipSpaces = () => {
    while (body[i] === ' ' || body[i] === '\t') i += 1;
  };
  while (stack.length > 0) {
    const current = stack[stack.length - 1];
    if (current === undefined) break;
    skipSpaces();
    if (!expectItem) {
      if (body[i] === ',') {
        i += 1;
        expectItem = true;
      } else if (body[i] === ')') {
        i += 1;
        stack.pop();
      } else {
        throw failed(
          i >= body.length ? 'unexpected end of input expecting "," or ")"' : `unexpected "${body[i] ?? ''}" expecting "," or ")"`,
        );
      }
      continue;
    }
    TREE_START.lastIndex = i;
    const nested = TREE_START.exec(body);
    if (nested !== null) {
      if (stack.length >= MAX_LOGIC_DEPTH) throw failed(`logic trees may nest at most ${MAX_LOGIC_DEPTH} levels deep`);
      const child: LogicTree = {
        kind: 'tree',
        operator: nested[2] === 'and' ? 'and' : 'or',
        negate: nested[1] !== undefined,
        children: [],
      };
      current.children.push(child);
      stack.push(child);
      i += nested[0].length;
      continue;
    }
    current.children.push(readTreeFilter(body, i, failed, (end) => (i = end)));
    budget.take();
    expectItem = false;
  }
  if (i !== body.length) throw failed(`unexpected "${body.slice(i, i + 20)}" after the closing ")"`);
  return root;
}

/** One `field.[not.]op.value` inside a logic tree, starting at `start`. */
function readTreeFilter(body: string, start: number, failed: (details: string) => PostgrestError, moveTo: (end: number) => void): Filter {
  let i = start;
  // The field name: quoted, or up to the first `.`.
  let column: string | undefined;
  if (body[i] === '"') {
    const quoted = readQuoted(body, i);
    if (quoted === undefined) throw failed('unterminated quoted field name');
    column = quoted.value;
    i = quoted.end;
  } else {
    const from = i;
    while (i < body.length && !'.,()'.includes(body[i] ?? '')) i += 1;
    column = fieldName(body.slice(from, i));
  }
  if (column === undefined || body[i] !== '.')
    throw failed(`expecting a filter like column.eq.value at "${body.slice(start, start + 20)}"`);
  const head = readOperator(body, i + 1);
  if (head === undefined) throw failed(`expecting "not" or operator (eq, gt, ...) at "${body.slice(start, start + 20)}"`);
  const expression = body.slice(i + 1, Math.min(body.length, head.valueStart + 20));
  checkOperator(head.operator, expression);
  i = head.valueStart;
  let value: string | string[];
  if (head.operator === 'in') {
    const list = readList(body, i, expression);
    value = list.items;
    i = list.end;
  } else if (body[i] === '{' && body.indexOf('}', i) !== -1) {
    // A Postgres array literal may carry commas: `tags.cs.{a,b}`.
    const close = body.indexOf('}', i);
    value = body.slice(i, close + 1);
    i = close + 1;
  } else {
    const element = readElement(body, i);
    value = element.value;
    i = element.end;
  }
  moveTo(i);
  return { kind: 'filter', column, negate: head.negate, operator: head.operator, value };
}

/** Renders one filter over `qualifier`; its value is always a bind parameter. */
function renderFilter(relation: Relation, filter: Filter, params: Params, qualifier: string): string {
  const name = columnOf(relation, filter.column);
  const type = relation.columns.get(name) ?? 'text';
  const ref = `${qualifier}.${ident(name)}`;
  let sql: string;
  if (filter.operator === 'in') {
    sql = `${ref} = any(${params.add(filter.value)}::text[]::${type}[])`;
  } else if (typeof filter.value !== 'string') {
    throw new Error(`operator ${filter.operator} given a list`);
  } else if (filter.operator === 'is') {
    const keyword = IS_VALUES[filter.value.toLowerCase()];
    if (keyword === undefined) {
      throw parseError(`"failed to parse filter (is.${filter.value})"`, `unexpected "${filter.value}" expecting null or trilean value`);
    }
    sql = `${ref} is ${keyword}`;
  } else if (PATTERNS[filter.operator] !== undefined) {
    // PostgREST lets `*` stand for `%` so patterns survive URL encoding.
    sql = `${ref}::text ${PATTERNS[filter.operator]} ${params.add(filter.value.replace(/\*/g, '%'))}`;
  } else if (filter.operator === 'match' || filter.operator === 'imatch') {
    sql = `${ref}::text ${COMPARISONS[filter.operator]} ${params.add(filter.value)}`;
  } else {
    sql = `${ref} ${COMPARISONS[filter.operator]} ${params.add(filter.value)}::text::${type}`;
  }
  return filter.negate ? `not (${sql})` : sql;
}

/** Renders a tree; the depth is at most MAX_LOGIC_DEPTH, so the recursion is bounded. */
function renderNode(relation: Relation, node: Filter | LogicTree, params: Params, qualifier: string): string {
  if (node.kind === 'filter') return renderFilter(relation, node, params, qualifier);
  const joined = `(${node.children.map((child) => renderNode(relation, child, params, qualifier)).join(` ${node.operator} `)})`;
  return node.negate ? `not ${joined}` : joined;
}

export type Condition = Filter | LogicTree;

/**
 * The conditions of a request: every non-reserved query parameter, ANDed as PostgREST does.
 * `isArgument` lets RPC reads keep their function arguments out of the filters.
 */
export function parseConditions(query: URLSearchParams, isArgument: (key: string, value: string) => boolean = () => false): Condition[] {
  const budget = new ConditionBudget();
  const conditions: Condition[] = [];
  for (const [key, value] of query) {
    if (RESERVED_PARAMS.has(key) || isArgument(key, value)) continue;
    const tree = /^(not\.)?(and|or)$/.exec(key);
    if (tree?.[2] !== undefined) {
      conditions.push(parseLogicTree(tree[2] === 'and' ? 'and' : 'or', tree[1] !== undefined, value, budget));
      continue;
    }
    const column = fieldName(key);
    if (column === undefined) throw parseError(`"failed to parse tree path (${key})"`, 'expecting field name (* or [a..z0..9_$])');
    budget.take();
    conditions.push(requireFilter(column, value));
  }
  return conditions;
}

/** `where …` for parsed conditions over `qualifier`, or '' when there are none. */
export function renderWhere(relation: Relation, conditions: Condition[], params: Params, qualifier: string): string {
  if (conditions.length === 0) return '';
  return `where ${conditions.map((condition) => renderNode(relation, condition, params, qualifier)).join(' and ')}`;
}

// ---------------------------------------------------------------------------------------------
// order, paging, columns

/** `order=a.desc.nullslast,b` → ORDER BY. */
export function renderOrder(relation: Relation, order: string | null, qualifier: string): string {
  if (order === null || order === '') return '';
  const terms = order.split(',').map((term) => {
    const [name = '', ...modifiers] = term.trim().split('.');
    const column = fieldName(name);
    if (column === undefined) throw parseError(`"failed to parse order (${order})"`, `unexpected "${name}" expecting field name`);
    let sql = `${qualifier}.${ident(columnOf(relation, column))}`;
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') sql += ` ${modifier}`;
      else if (modifier === 'nullsfirst') sql += ' nulls first';
      else if (modifier === 'nullslast') sql += ' nulls last';
      else
        throw parseError(
          `"failed to parse order (${order})"`,
          `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    return sql;
  });
  return `order by ${terms.join(', ')}`;
}

function nonNegativeInt(name: string, raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw parseError(`"failed to parse ${name} parameter (${raw})"`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new PostgrestError(400, '22003', `value "${raw}" is out of range for type bigint`);
  return value;
}

export interface Paging {
  limit: number | undefined;
  offset: number;
}

/**
 * `limit`/`offset` intersected with a `Range: a-b` header, as PostgREST's RangeQuery does.
 * A Range header PostgREST cannot parse means "everything".
 */
export function readPaging(query: URLSearchParams, rangeHeader: string | undefined): Paging {
  let offset = nonNegativeInt('offset', query.get('offset')) ?? 0;
  let limit = nonNegativeInt('limit', query.get('limit'));
  const range = rangeHeader === undefined ? null : /^(\d+)-(\d*)$/.exec(rangeHeader.trim());
  if (range?.[1] !== undefined) {
    const from = Number(range[1]);
    const to = range[2] === undefined || range[2] === '' ? undefined : Number(range[2]);
    if (to !== undefined && to < from) {
      throw new PostgrestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      );
    }
    // Intersect [offset, offset+limit) with [from, to].
    const start = Math.max(offset, from);
    const endExclusive = Math.min(limit === undefined ? Infinity : offset + limit, to === undefined ? Infinity : to + 1);
    offset = start;
    limit = endExclusive === Infinity ? undefined : Math.max(0, endExclusive - start);
  }
  return { limit, offset };
}

/** PostgREST's `columns=a,"b"` for inserts: which payload keys to use. */
export function parseColumns(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  return splitOutsideQuotes(raw).map((part) => {
    const name = fieldName(part);
    if (name === undefined) throw parseError(`"failed to parse columns parameter (${raw})"`, `unexpected "${part}" expecting field name`);
    return name;
  });
}
