import type { DocumentKind } from '@/lib/content/collections';

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
/** The home page's texts, section by section in the page's order. */
export const HOME_FIELDS = [
  'title',
  'description',
  'hero.eyebrow',
  'hero.title',
  'hero.intro',
  'hero.cta',
  'hero.secondary',
  'hero.highlights',
  'services.eyebrow',
  'services.title',
  'services.intro',
  'services.texts.custom',
  'services.texts.apps',
  'services.texts.cloud',
  'services.texts.ai',
  'cases.eyebrow',
  'cases.title',
  'cases.intro',
  'cases.shown',
  'closing.title',
  'closing.text',
  'closing.cta',
] as const;
/** How many people the about page's form has rows for: as many as aboutPageFrontmatter allows. */
export const TEAM_ROWS = 12;
const TEAM_MEMBER_FIELDS = Array.from({ length: TEAM_ROWS }, (_, row) =>
  (['name', 'role', 'photo'] as const).map((part) => `team.members.${row}.${part}` as const),
).flat();
type TeamMemberField = `team.members.${number}.${'name' | 'role' | 'photo'}`;
/** The about page's texts; its four commitments are four rows of two, its people up to twelve rows of three. */
export const ABOUT_FIELDS = [
  'title',
  'description',
  'intro.title',
  'intro.text',
  'story.eyebrow',
  'story.title',
  'story.paragraphs',
  'approach.eyebrow',
  'approach.title',
  'approach.items.0.title',
  'approach.items.0.text',
  'approach.items.1.title',
  'approach.items.1.text',
  'approach.items.2.title',
  'approach.items.2.text',
  'approach.items.3.title',
  'approach.items.3.text',
  'team.eyebrow',
  'team.title',
  'team.intro',
] as const;
export type FieldName =
  | (typeof BLOG_FIELDS)[number]
  | (typeof VACANCY_FIELDS)[number]
  | (typeof CASE_FIELDS)[number]
  | (typeof HOME_FIELDS)[number]
  | (typeof ABOUT_FIELDS)[number]
  | TeamMemberField;
export type FieldValues = Partial<Record<FieldName, string>>;

const FIELDS: Record<DocumentKind, readonly FieldName[]> = {
  blog: BLOG_FIELDS,
  vacancies: VACANCY_FIELDS,
  cases: CASE_FIELDS,
  'pages/home': HOME_FIELDS,
  'pages/about': [...ABOUT_FIELDS, ...TEAM_MEMBER_FIELDS],
};
export const fieldsOf = (kind: DocumentKind): readonly FieldName[] => FIELDS[kind];

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
  // A row of the team with none of its fields filled in is no one.
  ...TEAM_MEMBER_FIELDS,
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
/**
 * Lists: tags separated by commas, offer points, the hero's highlights and the story's paragraphs one
 * per line, a case's services, related cases and posts and the home page's cases by their keys.
 */
const LISTS: Partial<Record<FieldName, { separator: RegExp; joiner: string }>> = {
  tags: { separator: /,/, joiner: ', ' },
  offer: { separator: /\r?\n/, joiner: '\n' },
  services: { separator: /,/, joiner: ',' },
  related: { separator: /,/, joiner: ',' },
  posts: { separator: /,/, joiner: ',' },
  'hero.highlights': { separator: /\r?\n/, joiner: '\n' },
  'story.paragraphs': { separator: /\r?\n/, joiner: '\n' },
  'cases.shown': { separator: /,/, joiner: ',' },
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

/**
 * A list of rows whose rows were all left out ("figures" with no key figure) is an empty list, and
 * one with rows left out in between ("team.members" with an empty row) closes up: no holes, at any depth.
 */
function compactLists(frontMatter: FrontMatter): FrontMatter {
  for (const [key, value] of Object.entries(frontMatter)) {
    if (Array.isArray(value)) frontMatter[key] = value.filter((item) => item !== undefined).map(compactValue);
    else frontMatter[key] = compactValue(value);
  }
  return frontMatter;
}

function compactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compactValue);
  if (typeof value === 'object' && value !== null) return compactLists({ ...value });
  return value;
}

export function valuesOf(kind: DocumentKind, frontMatter: FrontMatter): FieldValues {
  const values: FieldValues = {};
  for (const field of fieldsOf(kind)) {
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

export function frontMatterOf(kind: DocumentKind, values: FieldValues): FrontMatter {
  const frontMatter: FrontMatter = {};
  const anonymous = values['client.anonymous'] === 'true';
  for (const field of fieldsOf(kind)) {
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
  if (kind === 'cases' && !('figures' in frontMatter)) frontMatter.figures = [];
  return compactLists(frontMatter);
}
