'use client';

import { useState } from 'react';

import { SelectField } from '@/components/forms/select-field';
import { buttonClass } from '@/components/ui/button-styles';
import type { Revision } from '@/lib/content-editor/types';

import { DiffView, type Comparable } from './diff-view';
import { fill, type EditorTexts } from './texts';

type HistoryPanelProps = {
  id: string;
  revisions: Revision[] | null;
  workingCopy: Comparable;
  /** The language of the revisions' text. */
  lang: string;
  /** Restores a revision into the working copy; pending while it runs. */
  onRestore: (revision: Revision) => void;
  pending: boolean;
  formatTime: (iso: string) => string;
  labelOf: (field: string) => string;
  texts: EditorTexts['history'];
};

const WORKING = 'working';

/** A language's revisions, newest first; any two (or one and the working copy) compared, and any restored. */
export function HistoryPanel({ id, revisions, workingCopy, lang, onRestore, pending, formatTime, labelOf, texts: t }: HistoryPanelProps) {
  const [from, setFrom] = useState<string>(() => revisions?.[0]?.id ?? WORKING);
  const [to, setTo] = useState<string>(WORKING);
  if (revisions === null) return <p className="text-muted">{t.loading}</p>;
  if (revisions.length === 0) return <p className="text-muted">{t.empty}</p>;

  const byId = (wanted: string): Comparable => revisions.find((r) => r.id === wanted) ?? workingCopy;
  const nameOf = (revision: Revision) =>
    `${t.kinds[revision.kind]} · ${formatTime(revision.createdAt)}${revision.createdBy ? ` · ${fill(t.by, { email: revision.createdBy })}` : ''}`;
  const options = (
    <>
      <option value={WORKING}>{t.workingCopy}</option>
      {revisions.map((revision) => (
        <option key={revision.id} value={revision.id}>
          {nameOf(revision)}
        </option>
      ))}
    </>
  );

  return (
    <div className="grid gap-8">
      <ol className="grid gap-2">
        {revisions.map((revision) => (
          <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line px-4 py-3">
            <span className="text-sm">
              <span className="font-semibold">{t.kinds[revision.kind]}</span> · {formatTime(revision.createdAt)}
              {revision.createdBy && <> · {fill(t.by, { email: revision.createdBy })}</>}
              {revision.live && <span className="ml-2 rounded-full border border-fg px-2 text-xs font-semibold">{t.live}</span>}
              {revision.scheduled && (
                <span className="ml-2 rounded-full border border-line px-2 text-xs font-semibold">{t.scheduledTag}</span>
              )}
            </span>
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              aria-disabled={pending || undefined}
              onClick={() => !pending && onRestore(revision)}
              aria-describedby={`${id}-${revision.id}`}
            >
              {t.restore}
            </button>
            {/* Only the button's description: the line beside it says the same to everyone. */}
            <span id={`${id}-${revision.id}`} hidden>
              {nameOf(revision)}
            </span>
          </li>
        ))}
      </ol>
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <SelectField id={`${id}-from`} label={t.compareFrom} value={from} onChange={(event) => setFrom(event.target.value)}>
          {options}
        </SelectField>
        <SelectField id={`${id}-to`} label={t.compareTo} value={to} onChange={(event) => setTo(event.target.value)}>
          {options}
        </SelectField>
      </div>
      <DiffView before={byId(from)} after={byId(to)} texts={t} labelOf={labelOf} lang={lang} />
    </div>
  );
}
