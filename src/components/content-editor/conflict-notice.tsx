'use client';

import { useEffect, useRef } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import type { Conflict } from '@/lib/content-editor/results';

import { DiffView, type Comparable } from './diff-view';
import { fill, type EditorTexts } from './texts';

type ConflictNoticeProps = {
  conflict: Conflict;
  mine: Comparable;
  texts: EditorTexts;
  formatTime: (iso: string) => string;
  labelOf: (field: string) => string;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
};

/**
 * Someone else saved this language after the editor opened it: nothing of either is lost until the
 * editor chooses. It says who and when, shows the difference (theirs → mine), and takes the focus,
 * so a screen reader reads it at once.
 */
export function ConflictNotice({ conflict, mine, texts: t, formatTime, labelOf, onTakeTheirs, onKeepMine }: ConflictNoticeProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [conflict.version]);
  const title = fill(t.conflict.title, { email: conflict.updatedBy ?? t.conflict.someone, time: formatTime(conflict.updatedAt) });
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`conflict-${conflict.locale}`}
      className="grid gap-4 border-l-4 border-danger bg-danger/5 p-4 outline-offset-4"
    >
      <h2 id={`conflict-${conflict.locale}`} className="text-xl">
        {title}
      </h2>
      <p className="text-sm">{t.conflict.intro}</p>
      <DiffView
        before={conflict}
        after={mine}
        texts={{ ...t.history, before: t.conflict.theirs, after: t.conflict.mine }}
        labelOf={labelOf}
        lang={conflict.locale}
      />
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass({ size: 'sm' })} onClick={onTakeTheirs}>
          {t.conflict.takeTheirs}
        </button>
        <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={onKeepMine}>
          {t.conflict.keepMine}
        </button>
      </div>
    </section>
  );
}
