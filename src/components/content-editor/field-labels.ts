import { fill, type EditorTexts } from './texts';

/** A field's label key in the texts: "hours.min" is "hoursMin", "figures.0.value" is "figures0Value". */
const labelKey = (field: string) => field.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * A field's label in the editor's language. A row's field without a label of its own takes its
 * list's, numbered: "team.members.2.name" is "teamMembersName" with {n} = 3. A field with no label
 * at all is named by its path.
 */
export function fieldLabel(fields: EditorTexts['fields'], field: string): string {
  const text: unknown = Reflect.get(fields, labelKey(field));
  if (typeof text === 'string') return text;
  const row = /^(.+)\.(\d+)\.(\w+)$/.exec(field);
  const numbered: unknown = row ? Reflect.get(fields, labelKey(`${row[1]}.${row[3]}`)) : undefined;
  return row && typeof numbered === 'string' ? fill(numbered, { n: Number(row[2]) + 1 }) : field;
}
