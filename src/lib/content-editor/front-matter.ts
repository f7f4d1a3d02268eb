import type { z } from 'zod';

import type { DocumentKind, OpenCollection } from '@/lib/content/collections';
import {
  aboutPageFrontmatter,
  blogPostFrontmatter,
  caseStudyFrontmatter,
  homePageFrontmatter,
  vacancyFrontmatter,
} from '@/lib/content/frontmatter-schemas';

import { DATE_FIELDS, MONTH_FIELDS, fieldsOf, type FieldName } from './field-values';
import type { Locale } from './locales';

/*
 * The front matter of a working copy is checked by the same schemas as the files were, and each
 * problem is reported at its field as a code (with the limit it broke) that the editor words in
 * the editor's language: contentEditor.fieldErrors.<code>.
 */

export const FIELD_ERROR_CODES = [
  'required',
  'tooShort',
  'tooLong',
  'tooFew',
  'tooMany',
  'tooLow',
  'tooHigh',
  'whole',
  'date',
  'choice',
  'belowMin',
  'month',
  'beforeStart',
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** A field's problem: the field's path ("title", "hours.max", "tags"), its code and the limit broken, if any. */
export type FieldProblem = { field: string; code: FieldErrorCode; limit?: number };

export type FrontMatter = Record<string, unknown>;

const SCHEMAS = {
  blog: blogPostFrontmatter,
  vacancies: vacancyFrontmatter,
  cases: caseStudyFrontmatter,
  'pages/home': homePageFrontmatter,
  'pages/about': aboutPageFrontmatter,
} as const satisfies Record<DocumentKind, z.ZodType>;
export const schemaOf = (kind: DocumentKind) => SCHEMAS[kind];

const isFieldCode = (value: unknown): value is FieldErrorCode => FIELD_ERROR_CODES.some((code) => code === value);

export type CheckedFrontMatter = { ok: true; frontMatter: FrontMatter } | { ok: false; problems: FieldProblem[] };

/** Validates `frontMatter` as a document of `kind`: the normalised front matter, or one problem per field. */
export function checkFrontMatter(kind: DocumentKind, frontMatter: unknown): CheckedFrontMatter {
  const parsed = schemaOf(kind).safeParse(frontMatter);
  const problems = new Map<string, FieldProblem>();
  // What an editor saves now states the hours its salary range is for, which older entries lack.
  if (kind === 'vacancies' && valueAt(frontMatter, ['salary', 'hours']) === undefined) {
    problems.set('salary.hours', { field: 'salary.hours', code: 'required' });
  }
  if (parsed.success && problems.size === 0) return { ok: true, frontMatter: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const problem = problemOf(issue, valueAt(frontMatter, issue.path), fieldsOf(kind));
    if (!problems.has(problem.field)) problems.set(problem.field, problem);
  }
  return { ok: false, problems: [...problems.values()] };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = typeof at === 'object' && at !== null ? Reflect.get(at, key) : undefined;
  return at;
}

/**
 * The form field a problem belongs to. An item of a list (tags.1, offer.2) is reported at the
 * list's field, where it is edited; an item that has fields of its own (figures.1.label) at its own.
 */
function fieldOf(path: readonly PropertyKey[], fields: readonly FieldName[]): string {
  const whole = path.map(String).join('.');
  if (fields.some((field) => field === whole)) return whole;
  return path.filter((key): key is string => typeof key === 'string').join('.') || 'frontMatter';
}

function problemOf(issue: z.core.$ZodIssue, value: unknown, fields: readonly FieldName[]): FieldProblem {
  const field = fieldOf(issue.path, fields);
  const at = (code: FieldErrorCode, limit?: number): FieldProblem => (limit === undefined ? { field, code } : { field, code, limit });
  const isDate = DATE_FIELDS.has(field);
  const isMonth = MONTH_FIELDS.has(field);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'array') return at('tooFew', Number(issue.minimum));
      if (issue.origin === 'string') {
        const empty = typeof value !== 'string' || value.trim() === '';
        return empty ? at('required') : at('tooShort', Number(issue.minimum));
      }
      return at('tooLow', Number(issue.minimum));
    case 'too_big':
      if (issue.origin === 'array') return at('tooMany', Number(issue.maximum));
      if (issue.origin === 'string') return at('tooLong', Number(issue.maximum));
      return at('tooHigh', Number(issue.maximum));
    case 'invalid_type':
      if (issue.expected === 'int' || issue.expected === 'number') return at('whole');
      return isDate ? at('date') : at('required');
    case 'invalid_value':
      return at('choice');
    case 'invalid_format':
    case 'invalid_union':
      return isDate ? at('date') : isMonth ? at('month') : at('invalid');
    case 'custom': {
      // A refinement may say how the editor words it.
      const code: unknown = issue.params?.code;
      if (isFieldCode(code)) return at(code);
      if (isDate) return at('date');
      return field.endsWith('.max') ? at('belowMin') : at('invalid');
    }
    default:
      return at('invalid');
  }
}

/** A new entry's front matter: today's date and the usual terms filled in, the words left to the editor. */
export function frontMatterTemplate(collection: OpenCollection, today: string): FrontMatter {
  if (collection === 'blog') return { title: '', description: '', date: today, author: '', tags: [] };
  if (collection === 'cases') {
    return {
      title: '',
      description: '',
      client: { anonymous: false, name: '', sector: 'logistics' },
      services: [],
      period: { from: today.slice(0, 7) },
      figures: [],
      related: [],
      posts: [],
    };
  }
  return {
    title: '',
    description: '',
    status: 'open',
    location: 'Zwolle',
    hours: { min: 32, max: 40 },
    employmentType: 'FULL_TIME',
    salary: { min: 3000, max: 4500, hours: 40 },
    datePosted: today,
    offer: [],
  };
}

/** The headings a case study's story starts from, in the document's language: the challenge, the approach, the result. */
const CASE_OUTLINE: Record<Locale, string> = {
  nl: '## De uitdaging\n\n\n\n## Onze aanpak\n\n\n\n## Het resultaat\n',
  en: '## The challenge\n\n\n\n## Our approach\n\n\n\n## The result\n',
};

/** A new entry's text: a case study starts from its three headings, the others from nothing. */
export function bodyTemplate(collection: OpenCollection, locale: Locale): string {
  return collection === 'cases' ? CASE_OUTLINE[locale] : '';
}
