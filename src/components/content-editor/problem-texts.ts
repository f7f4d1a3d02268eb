import type { DocumentKind } from '@/lib/content/collections';
import { fieldsOf } from '@/lib/content-editor/field-values';
import type { FieldProblem } from '@/lib/content-editor/front-matter';

import { fill, type EditorTexts } from './texts';

/** A field's problem in words: "Vul dit veld in.", "Gebruik hoogstens 120 tekens.". */
export function problemText(problem: FieldProblem, texts: EditorTexts): string {
  return fill(texts.fieldErrors[problem.code], problem.limit === undefined ? {} : { limit: problem.limit });
}

/** The problem of the first field on the form that has one, where focus goes to fix it. */
export function firstProblem(kind: DocumentKind, problems: FieldProblem[]): FieldProblem | undefined {
  const order: readonly string[] = fieldsOf(kind);
  return [...problems].sort((a, b) => rank(order, a.field) - rank(order, b.field))[0];
}

const rank = (order: readonly string[], field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
