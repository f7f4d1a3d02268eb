'use client';

import type { Revision } from '@/lib/content-editor/types';

import type { Comparable } from './diff-view';
import { HistoryPanel } from './history-panel';
import type { EditorTexts } from './texts';

type HistorySectionProps = {
  id: string;
  open: boolean;
  revisions: Revision[] | null;
  workingCopy: Comparable;
  lang: string;
  onRestore: (revision: Revision) => void;
  pending: boolean;
  formatTime: (iso: string) => string;
  labelOf: (field: string) => string;
  texts: EditorTexts['history'];
};

/** The section "Geschiedenis", opened by its button in the publish panel (which it is the target of). */
export function HistorySection({ id, open, revisions, ...panel }: HistorySectionProps) {
  return (
    <section id={id} hidden={!open} aria-labelledby={`${id}-title`} className="grid gap-6">
      <h2 id={`${id}-title`} className="text-xl">
        {panel.texts.heading}
      </h2>
      {open && <HistoryPanel key={revisions?.[0]?.id ?? 'none'} id={id} revisions={revisions} {...panel} />}
    </section>
  );
}
