import type { Collection } from '@/lib/content/collections';

import type { FrontMatter } from './front-matter';

/*
 * The editor's form holds every front-matter field as the text typed into it; these turn the
 * stored front matter into those texts and back. Nothing is validated here: the schema on the
 * server says what is wrong, at the field's name ("hours.max", "tags"), which is the form's name too.
 */

export const BLOG_FIELDS = ['title', 'description', 'date', 'updated', 'author', 'authorRole', 'tags'] as const;
export const VACANCY_FIELDS = [
  'title',
  'description',
  'status',
  'location',
  'hours.min',
  'hours.max',
  'employmentType',
  'salary.min',
  'salary.max',
  'salary.hours',
  'collectiveAgreement',
  'datePosted',
  'validThrough',
  'offer',
] as const;
export type FieldName = (typeof BLOG_FIELDS)[number] | (typeof VACANCY_FIELDS)[number];
export type FieldValues = Partial<Record<FieldName, string>>;

export const fieldsOf = (collection: Collection): readonly FieldName[] => (collection === 'blog' ? BLOG_FIELDS : VACANCY_FIELDS);

/** Fields left out of the front matter when empty. */
export const OPTIONAL_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>(['updated', 'authorRole', 'validThrough', 'collectiveAgreement']);
export const NUMBER_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>([
  'hours.min',
  'hours.max',
  'salary.min',
  'salary.max',
  'salary.hours',
]);
export const DATE_FIELDS: ReadonlySet<string> = new Set<FieldName>(['date', 'updated', 'datePosted', 'validThrough']);
/** Lists: tags separated by commas, offer points one per line. */
const LISTS: Partial<Record<FieldName, { separator: RegExp; joiner: string }>> = {
  tags: { separator: /,/, joiner: ', ' },
  offer: { separator: /\r?\n/, joiner: '\n' },
};

function read(frontMatter: FrontMatter, field: FieldName): unknown {
  const [head = '', tail] = field.split('.');
  const value = frontMatter[head];
  if (tail === undefined) return value;
  return typeof value === 'object' && value !== null ? Reflect.get(value, tail) : undefined;
}

export function valuesOf(collection: Collection, frontMatter: FrontMatter): FieldValues {
  const values: FieldValues = {};
  for (const field of fieldsOf(collection)) {
    const value = read(frontMatter, field);
    const list = LISTS[field];
    if (list && Array.isArray(value)) values[field] = value.map(String).join(list.joiner);
    else values[field] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

/** A number when the text is one; otherwise the text, which the schema then reports. */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function frontMatterOf(collection: Collection, values: FieldValues): FrontMatter {
  const frontMatter: FrontMatter = {};
  for (const field of fieldsOf(collection)) {
    const text = values[field] ?? '';
    if (OPTIONAL_FIELDS.has(field) && text.trim() === '') continue;
    const list = LISTS[field];
    const value = list
      ? text
          .split(list.separator)
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : NUMBER_FIELDS.has(field)
        ? numberOf(text)
        : text;
    const [head = '', tail] = field.split('.');
    if (tail === undefined) frontMatter[head] = value;
    else {
      const group = frontMatter[head];
      frontMatter[head] = { ...(typeof group === 'object' && group !== null ? group : {}), [tail]: value };
    }
  }
  return frontMatter;
}
