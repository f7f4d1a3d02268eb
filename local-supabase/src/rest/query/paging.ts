import { columnOf, fieldName, parseError } from './names';
import { PostgrestError } from '../errors';
import { ident, type Relation } from '../schema-cache';

const ORDER_MODIFIERS: Record<string, string> = { asc: 'asc', desc: 'desc', nullsfirst: 'nulls first', nullslast: 'nulls last' };

/** `order=a.desc.nullslast,b` → ORDER BY. */
export function renderOrder(relation: Relation, order: string | null, qualifier: string): string {
  if (order === null || order === '') return '';
  const terms = order.split(',').map((term) => {
    const [name = '', ...modifiers] = term.trim().split('.');
    const column = fieldName(name);
    if (column === undefined) throw parseError(`"failed to parse order (${order})"`, `unexpected "${name}" expecting field name`);
    let sql = `${qualifier}.${ident(columnOf(relation, column))}`;
    for (const modifier of modifiers) {
      const keyword = ORDER_MODIFIERS[modifier];
      if (keyword === undefined) {
        const expected = 'expecting "asc", "desc", "nullsfirst" or "nullslast"';
        throw parseError(`"failed to parse order (${order})"`, `unexpected "${modifier}" ${expected}`);
      }
      sql += ` ${keyword}`;
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

/** `limit`/`offset`, which postgrest-js's `range()` and `limit()` send (it never sends a Range header). */
export function readPaging(query: URLSearchParams): Paging {
  return { limit: nonNegativeInt('limit', query.get('limit')), offset: nonNegativeInt('offset', query.get('offset')) ?? 0 };
}
