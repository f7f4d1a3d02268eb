import { z } from 'zod';

import { DOCUMENT_KINDS, type DocumentKind } from '../../../src/lib/content/collections';
import { schemaOf } from '../../../src/lib/content-editor/front-matter';

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stored front matter is JSON, where a date is always a string: the branch zod emits for a YAML
 * Date (unrepresentable, so `{}`, which would accept anything) is dropped from each `anyOf`.
 */
function jsonOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonOnly);
  if (!isSchema(schema)) return schema;
  const entries = Object.entries(schema)
    .filter(([keyword]) => keyword !== '$schema')
    .map(([keyword, value]): [string, unknown] => {
      if (keyword !== 'anyOf' || !Array.isArray(value)) return [keyword, jsonOnly(value)];
      return [keyword, value.filter((branch) => !(isSchema(branch) && Object.keys(branch).length === 0)).map(jsonOnly)];
    });
  return Object.fromEntries(entries);
}

/** The JSON Schema the database checks a collection's (or a page's) published front matter against, from its zod schema. */
export function frontMatterJsonSchema(kind: DocumentKind): unknown {
  return jsonOnly(z.toJSONSchema(schemaOf(kind), { io: 'input', unrepresentable: 'any' }));
}

/** The statement a migration runs to bring the database's schemas in line with the zod ones. */
export function frontMatterSchemasSql(): string {
  const rows = DOCUMENT_KINDS.map((kind) => `  ('${kind}', '${JSON.stringify(frontMatterJsonSchema(kind)).replaceAll("'", "''")}')`);
  return [
    'insert into private.content_front_matter_schemas (collection, schema) values',
    rows.join(',\n'),
    'on conflict (collection) do update set schema = excluded.schema;',
    // The revisions already stored get their verdict against the new schemas.
    'select private.content_recheck_front_matter();',
  ].join('\n');
}
