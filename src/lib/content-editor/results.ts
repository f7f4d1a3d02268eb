import type { z } from 'zod';

import type { FieldProblem, FrontMatter } from './front-matter';
import type { Locale } from './locales';

/*
 * How the editor's operations answer. Each parses its argument first (it comes from a server
 * action, a public endpoint) and answers with a result, never a throw, for the page to word.
 *
 * Conflicts: every write names the version of the working copy it started from. A write from an
 * older version matches no row; the answer then says who changed it, when, and what it is now.
 */

export type Conflict = {
  locale: Locale;
  version: number;
  updatedAt: string;
  /** The e-mail address of whoever changed it; null when that account is gone. */
  updatedBy: string | null;
  frontMatter: FrontMatter;
  body: string;
};

type PlainReason = 'invalid' | 'notFound' | 'failed' | 'slugTaken' | 'confirmSlug' | 'notFuture';

export type Failure =
  | { ok: false; reason: PlainReason }
  | { ok: false; reason: 'problems'; locale: Locale; problems: FieldProblem[] }
  | { ok: false; reason: 'conflict'; conflict: Conflict };

export type Result<T> = ({ ok: true } & T) | Failure;

export const failed = (reason: PlainReason): Failure => ({ ok: false, reason });

/** The argument as its schema reads it, or undefined when it does not fit. */
export function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> | undefined {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}
