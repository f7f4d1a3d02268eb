import type { z } from 'zod';

import type { Collection } from '@/lib/content/collections';
import { blogPostFrontmatter, vacancyFrontmatter } from '@/lib/content/frontmatter-schemas';

import { DATE_FIELDS } from './field-values';

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
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** A field's problem: the field's path ("title", "hours.max", "tags"), its code and the limit broken, if any. */
export type FieldProblem = { field: string; code: FieldErrorCode; limit?: number };

export type FrontMatter = Record<string, unknown>;

export const schemaOf = (collection: Collection) => (collection === 'blog' ? blogPostFrontmatter : vacancyFrontmatter);

export type CheckedFrontMatter = { ok: true; frontMatter: FrontMatter } | { ok: false; problems: FieldProblem[] };

/** Validates `frontMatter` for `collection`: the normalised front matter, or one problem per field. */
export function checkFrontMatter(collection: Collection, frontMatter: unknown): CheckedFrontMatter {
  const parsed = schemaOf(collection).safeParse(frontMatter);
  const problems = new Map<string, FieldProblem>();
  // What an editor saves now states the hours its salary range is for, which older entries lack.
  if (collection === 'vacancies' && valueAt(frontMatter, ['salary', 'hours']) === undefined) {
    problems.set('salary.hours', { field: 'salary.hours', code: 'required' });
  }
  if (parsed.success && problems.size === 0) return { ok: true, frontMatter: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const problem = problemOf(issue, valueAt(frontMatter, issue.path));
    if (!problems.has(problem.field)) problems.set(problem.field, problem);
  }
  return { ok: false, problems: [...problems.values()] };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = typeof at === 'object' && at !== null ? Reflect.get(at, key) : undefined;
  return at;
}

function problemOf(issue: z.core.$ZodIssue, value: unknown): FieldProblem {
  // An item of a list (tags.1, offer.2) is reported at the list's field, where it is edited.
  const field = issue.path.filter((key): key is string => typeof key === 'string').join('.') || 'frontMatter';
  const at = (code: FieldErrorCode, limit?: number): FieldProblem => (limit === undefined ? { field, code } : { field, code, limit });
  const isDate = DATE_FIELDS.has(field);
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
      return isDate ? at('date') : at('invalid');
    case 'custom':
      if (isDate) return at('date');
      return field.endsWith('.max') ? at('belowMin') : at('invalid');
    default:
      return at('invalid');
  }
}

/** A new entry's front matter: today's date and the usual terms filled in, the words left to the editor. */
export function frontMatterTemplate(collection: Collection, today: string): FrontMatter {
  if (collection === 'blog') return { title: '', description: '', date: today, author: '', tags: [] };
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
