'use client';

import { diffWords } from 'diff';

import type { FrontMatter } from '@/lib/content-editor/front-matter';

import type { EditorTexts } from './texts';

export type Comparable = { frontMatter: FrontMatter; body: string };

type DiffViewProps = {
  before: Comparable;
  after: Comparable;
  texts: EditorTexts['history'];
  /** Field names as the form labels them. */
  labelOf: (field: string) => string;
  /** The language of the compared text (the labels are in the page's). */
  lang: string;
};

const show = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What changed between two versions: the front matter field by field, the text word by word.
 * Insertions and deletions are marked by more than colour: struck through or underlined, and
 * named for screen readers.
 */
export function DiffView({ before, after, texts: t, labelOf, lang }: DiffViewProps) {
  const fields = [...new Set([...Object.keys(before.frontMatter), ...Object.keys(after.frontMatter)])].filter(
    (field) => show(before.frontMatter[field]) !== show(after.frontMatter[field]),
  );
  const parts = before.body === after.body ? [] : diffWords(before.body, after.body);
  return (
    <div className="grid gap-6">
      <section>
        <h3 className="text-base font-semibold">{t.fieldChanges}</h3>
        {fields.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.noChanges}</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className="py-1 pr-3">
                    {t.field}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t.before}
                  </th>
                  <th scope="col" className="py-1">
                    {t.after}
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field) => (
                  <tr key={field} className="border-b border-line align-top">
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      {labelOf(field)}
                    </th>
                    <td lang={lang} className="py-2 pr-3 break-words whitespace-pre-wrap">
                      {show(before.frontMatter[field])}
                    </td>
                    <td lang={lang} className="py-2 break-words whitespace-pre-wrap">
                      {show(after.frontMatter[field])}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section>
        <h3 className="text-base font-semibold">{t.bodyChanges}</h3>
        {parts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.noChanges}</p>
        ) : (
          <p
            lang={lang}
            className="mt-2 max-h-96 overflow-y-auto rounded-lg border border-line p-3 font-mono text-sm break-words whitespace-pre-wrap"
          >
            {parts.map((part, index) =>
              part.added ? (
                <ins key={index} className="bg-success/15 underline decoration-2">
                  <span className="sr-only">[{t.added}: </span>
                  {part.value}
                  <span className="sr-only">]</span>
                </ins>
              ) : part.removed ? (
                <del key={index} className="bg-danger/10 line-through decoration-2">
                  <span className="sr-only">[{t.removed}: </span>
                  {part.value}
                  <span className="sr-only">]</span>
                </del>
              ) : (
                <span key={index}>{part.value}</span>
              ),
            )}
          </p>
        )}
      </section>
    </div>
  );
}
