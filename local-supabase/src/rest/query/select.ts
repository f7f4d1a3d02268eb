import { columnOf, fieldName, parseError, splitOutsideQuotes } from './names';
import { ident, type Relation } from '../schema-cache';

export type SelectItem = { kind: 'star' } | { kind: 'column'; column: string; alias: string | undefined };

/**
 * `select=*,id,alias:col` → items. Embedding, aggregates, JSON paths and casts are outside the
 * contract (CONTRACT.md) and answer PGRST100.
 */
export function parseSelect(select: string | null | undefined): SelectItem[] {
  const raw = select === null || select === undefined || select === '' ? '*' : select;
  const failed = (details: string | null = null) => parseError(`"failed to parse select parameter (${raw})"`, details);
  return splitOutsideQuotes(raw).map((part): SelectItem => {
    const item = part.trim();
    if (item === '*') return { kind: 'star' };
    if (item.includes('(')) throw failed('Resource embedding and aggregates are not supported by the local backend');
    if (item.includes('->')) throw failed('JSON paths are not supported by the local backend');
    if (item.includes('::')) throw failed('Casts are not supported by the local backend');
    // `alias:` is a field name followed by one colon.
    const aliasMatch = /^((?:"(?:[^"\\]|\\.)*")|[^:"]+):/.exec(item);
    const aliasText = aliasMatch?.[1];
    const alias = aliasText === undefined ? undefined : fieldName(aliasText);
    if (aliasText !== undefined && alias === undefined) throw failed(`unexpected "${aliasText}" expecting field name (* or [a..z0..9_$])`);
    const nameText = aliasMatch === null ? item : item.slice(aliasMatch[0].length);
    const column = fieldName(nameText);
    if (column === undefined) throw failed(`unexpected "${nameText}" expecting field name (* or [a..z0..9_$])`);
    return { kind: 'column', column, alias };
  });
}

/** Renders a parsed select list over `qualifier`. */
export function renderSelect(relation: Relation, items: SelectItem[], qualifier: string): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return `${qualifier}.*`;
      return `${qualifier}.${ident(columnOf(relation, item.column))} as ${ident(item.alias ?? item.column)}`;
    })
    .join(', ');
}
