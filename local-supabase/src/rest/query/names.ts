import { PostgrestError } from '../errors';
import type { Relation } from '../schema-cache';

/**
 * What the query modules share: bind parameters, PostgREST's field-name grammar and its parse
 * error. Every value becomes a bind parameter and every identifier is looked up in the
 * catalogue before it reaches SQL. Hand-written: no maintained JavaScript library parses
 * PostgREST's grammar; the clients only build it.
 */

/** PostgREST's `pFieldName`: identifiers (letters, digits, `_`, `$`, spaces) joined by dashes, or a double-quoted name. */
const FIELD_NAME = /^[\p{L}0-9_$ ]+(?:-[\p{L}0-9_$ ]+)*$/u;

/** Collects bind parameters and hands out their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function parseError(message: string, details: string | null = null): PostgrestError {
  return new PostgrestError(400, 'PGRST100', message, details);
}

export function columnOf(relation: Relation, name: string): string {
  if (!relation.columns.has(name)) {
    throw new PostgrestError(400, '42703', `column ${relation.name}.${name} does not exist`);
  }
  return name;
}

/** Reads a double-quoted value with backslash escapes starting at `start`; returns it and the index after it. */
export function readQuoted(text: string, start: number): { value: string; end: number } | undefined {
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
export function fieldName(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (trimmed.startsWith('"')) {
    const quoted = readQuoted(trimmed, 0);
    return quoted !== undefined && quoted.end === trimmed.length ? quoted.value : undefined;
  }
  return FIELD_NAME.test(trimmed) ? trimmed : undefined;
}

/** Splits on commas outside double quotes (select and columns lists, which have no nesting here). */
export function splitOutsideQuotes(text: string): string[] {
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

/** PostgREST's `columns=a,"b"` for inserts (postgrest-js sends it with an array of rows): which payload keys to use. */
export function parseColumns(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  return splitOutsideQuotes(raw).map((part) => {
    const name = fieldName(part);
    if (name === undefined) throw parseError(`"failed to parse columns parameter (${raw})"`, `unexpected "${part}" expecting field name`);
    return name;
  });
}
