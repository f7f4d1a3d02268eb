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
/** A case study's fields; the key figures are three rows of two, each left out when both are empty. */
export const CASE_FIELDS = [
  'title',
  'description',
  'client.anonymous',
  'client.name',
  'client.sector',
  'client.place',
  'client.logo',
  'client.logoAlt',
  'services',
  'period.from',
  'period.until',
  'figures.0.value',
  'figures.0.label',
  'figures.1.value',
  'figures.1.label',
  'figures.2.value',
  'figures.2.label',
  'quote.text',
  'quote.name',
  'quote.role',
  'related',
  'posts',
] as const;
export type FieldName = (typeof BLOG_FIELDS)[number] | (typeof VACANCY_FIELDS)[number] | (typeof CASE_FIELDS)[number];
export type FieldValues = Partial<Record<FieldName, string>>;

const FIELDS: Record<Collection, readonly FieldName[]> = { blog: BLOG_FIELDS, vacancies: VACANCY_FIELDS, cases: CASE_FIELDS };
export const fieldsOf = (collection: Collection): readonly FieldName[] => FIELDS[collection];

/** Fields left out of the front matter when empty. */
export const OPTIONAL_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>([
  'updated',
  'authorRole',
  'validThrough',
  'collectiveAgreement',
  'client.name',
  'client.place',
  'client.logo',
  'client.logoAlt',
  'period.until',
  'figures.0.value',
  'figures.0.label',
  'figures.1.value',
  'figures.1.label',
  'figures.2.value',
  'figures.2.label',
  'quote.text',
  'quote.name',
  'quote.role',
]);
/** Fields that are a checkbox: "true" when ticked, "" when not. */
export const BOOLEAN_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>(['client.anonymous']);
/** Months, as "YYYY-MM" (an <input type="month">). */
export const MONTH_FIELDS: ReadonlySet<string> = new Set<FieldName>(['period.from', 'period.until']);
/** Fields an anonymous client has none of: left out of the front matter while "anonymous" is ticked. */
export const NAMED_CLIENT_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>(['client.name', 'client.logo', 'client.logoAlt']);
export const NUMBER_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>([
  'hours.min',
  'hours.max',
  'salary.min',
  'salary.max',
  'salary.hours',
]);
export const DATE_FIELDS: ReadonlySet<string> = new Set<FieldName>(['date', 'updated', 'datePosted', 'validThrough']);
/** Lists: tags separated by commas, offer points one per line, a case's services, related cases and posts by their keys. */
const LISTS: Partial<Record<FieldName, { separator: RegExp; joiner: string }>> = {
  tags: { separator: /,/, joiner: ', ' },
  offer: { separator: /\r?\n/, joiner: '\n' },
  services: { separator: /,/, joiner: ',' },
  related: { separator: /,/, joiner: ',' },
  posts: { separator: /,/, joiner: ',' },
};

/** The value at a field's path: "hours.min" in an object, "figures.1.label" in a list of objects. */
function read(frontMatter: FrontMatter, field: FieldName): unknown {
  let value: unknown = frontMatter;
  for (const key of field.split('.')) value = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return value;
}

/** An object or list along a path, made when absent: a numeric key ("figures.1") makes a list. */
function container(parent: object, key: string, nextKey: string): object {
  const existing: unknown = Reflect.get(parent, key);
  if (typeof existing === 'object' && existing !== null) return existing;
  const made = /^\d+$/.test(nextKey) ? [] : {};
  Reflect.set(parent, key, made);
  return made;
}

/** Sets the value at a field's path, making the objects and lists on the way. */
function write(frontMatter: FrontMatter, field: FieldName, value: unknown): void {
  const keys = field.split('.');
  let at: object = frontMatter;
  for (let i = 0; i < keys.length - 1; i++) at = container(at, keys[i] ?? '', keys[i + 1] ?? '');
  Reflect.set(at, keys.at(-1) ?? '', value);
}

/** A list of rows whose rows were all left out ("figures" with no key figure) is an empty list, with no holes. */
function compactLists(frontMatter: FrontMatter): FrontMatter {
  for (const [key, value] of Object.entries(frontMatter)) {
    if (Array.isArray(value)) frontMatter[key] = value.filter((item) => item !== undefined);
  }
  return frontMatter;
}

export function valuesOf(collection: Collection, frontMatter: FrontMatter): FieldValues {
  const values: FieldValues = {};
  for (const field of fieldsOf(collection)) {
    const value = read(frontMatter, field);
    const list = LISTS[field];
    if (list && Array.isArray(value)) values[field] = value.map(String).join(list.joiner);
    else if (BOOLEAN_FIELDS.has(field)) values[field] = value === true ? 'true' : '';
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
  const anonymous = values['client.anonymous'] === 'true';
  for (const field of fieldsOf(collection)) {
    const text = values[field] ?? '';
    if (OPTIONAL_FIELDS.has(field) && text.trim() === '') continue;
    if (anonymous && NAMED_CLIENT_FIELDS.has(field)) continue;
    const list = LISTS[field];
    const value = list
      ? text
          .split(list.separator)
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : BOOLEAN_FIELDS.has(field)
        ? text === 'true'
        : NUMBER_FIELDS.has(field)
          ? numberOf(text)
          : text;
    write(frontMatter, field, value);
  }
  // Key figures are optional rows: one with neither field filled in is no key figure.
  if (collection === 'cases' && !('figures' in frontMatter)) frontMatter.figures = [];
  return compactLists(frontMatter);
}
