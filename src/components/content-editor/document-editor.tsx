'use client';

import { useId, useRef, useState } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import type { CharacterCounter } from '@/components/forms/text-area';
import type { Collection, DocumentKind } from '@/lib/content/collections';
import { entryPath } from '@/lib/content/preview-paths';
import type { FieldName } from '@/lib/content-editor/field-values';
import type { Locale } from '@/lib/content-editor/locales';
import type { CaseChoices, EditorDocument, EditorEntry, Revision } from '@/lib/content-editor/types';

import { BodyEditor } from './body-editor';
import { ConflictNotice } from './conflict-notice';
import type { EditorActions } from './editor-actions';
import { fieldLabel } from './field-labels';
import { FrontMatterFields } from './front-matter-fields';
import { HistorySection } from './history-section';
import { firstProblem, problemText } from './problem-texts';
import { PublishPanel } from './publish-panel';
import { SearchPreview } from './search-preview';
import { fill, type EditorTexts } from './texts';
import { useDocumentAction } from './use-document-action';
import { useWorkingCopy } from './use-working-copy';

export type DocumentEditorProps = {
  entryId: string;
  collection: Collection;
  /** What the front matter is checked as: the collection's schema, or a page's own. */
  kind: DocumentKind;
  slug: string;
  document: EditorDocument;
  /** The other language's saved version and whether it has unsaved changes, for "publish both". */
  other: { locale: Locale; version: number; dirty: boolean } | null;
  onState: (locale: Locale, state: { version: number; dirty: boolean }) => void;
  onEntry: (entry: EditorEntry) => void;
  actions: EditorActions;
  texts: EditorTexts;
  formatTime: (iso: string) => string;
  siteUrl: string;
  /** The character counters of the fields that have one, by field name, in the page's language. */
  counters: Partial<Record<FieldName, CharacterCounter>>;
  /** What a case study's choice fields offer. */
  choices?: CaseChoices;
};

/** One language of an entry: its fields, its text, autosave, and what can be done with it. */
export function DocumentEditor(props: DocumentEditorProps) {
  const {
    entryId,
    collection,
    kind,
    slug,
    document: doc,
    other,
    onState,
    onEntry,
    actions,
    texts: t,
    formatTime,
    siteUrl,
    counters,
    choices,
  } = props;
  const { locale } = doc;
  const prefix = `${locale}-${useId().replaceAll(':', '')}`;
  const panel = useRef<HTMLDivElement>(null);
  const copy = useWorkingCopy({ entryId, kind, document: doc, actions }, onState);
  const { frontMatter, body, conflict, problems, saveState } = copy;
  const labelOf = (field: string) => fieldLabel(t.fields, field);
  const first = firstProblem(kind, problems);
  const problemsText = first
    ? fill(t.actions.problemsIn, { field: labelOf(first.field), error: problemText(first, t) })
    : t.actions.problems;
  const action = useDocumentAction(copy, locale, t, panel, problemsText);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  // What a choice in the conflict notice did: the notice (and the button pressed) is gone with it.
  const [choice, setChoice] = useState<{ text: string } | null>(null);

  async function loadHistory() {
    const answer = await actions.history({ entryId, locale });
    setRevisions(answer.ok ? answer.revisions : []);
  }

  function restore(revision: Revision) {
    void action.run(
      () => actions.restore({ entryId, locale, revisionId: revision.id, baseVersion: copy.baseVersion }),
      (answer) => {
        const restored = answer.entry?.documents[locale];
        if (restored) copy.replaceWith(restored);
        if (answer.entry) onEntry(answer.entry);
        action.notify({ tone: 'success', text: t.history.restored });
        void loadHistory();
      },
    );
  }

  const saveLine = {
    saved: copy.savedAt ? fill(t.autosave.savedAt, { time: formatTime(copy.savedAt) }) : t.autosave.saved,
    unsaved: t.autosave.unsaved,
    saving: t.autosave.saving,
    problems: fill(t.autosave.problems, { count: problems.length, field: first ? labelOf(first.field) : '' }),
    conflict: t.autosave.conflict,
    failed: t.autosave.failed,
  }[copy.dirty && saveState === 'saved' ? 'unsaved' : saveState];
  // Said only when it is news: not "unsaved" and "saving" at every pause in typing.
  const quiet = copy.dirty && (saveState === 'saved' || saveState === 'saving');

  const historyId = `${prefix}-history`;
  const title = typeof frontMatter.title === 'string' ? frontMatter.title : '';
  const description = typeof frontMatter.description === 'string' ? frontMatter.description : '';

  return (
    <div ref={panel} className="grid grid-cols-1 gap-10">
      <p aria-hidden="true" className="text-sm font-semibold">
        {saveLine}
      </p>
      <p role="status" className="sr-only">
        {quiet ? '' : saveLine}
      </p>

      <StatusRegion answer={choice} message={!conflict && choice && <FormMessage tone="success">{choice.text}</FormMessage>} />
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          mine={{ frontMatter, body }}
          texts={t}
          formatTime={formatTime}
          labelOf={labelOf}
          onTakeTheirs={() => {
            copy.replaceWith(conflict);
            setChoice({ text: t.conflict.tookTheirs });
          }}
          onKeepMine={() => {
            copy.keepMine(conflict);
            setChoice({ text: t.conflict.keptMine });
          }}
        />
      )}

      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 grid-cols-1 gap-10">
          <FrontMatterFields
            prefix={prefix}
            kind={kind}
            lang={locale}
            values={copy.values}
            problems={problems}
            onChange={copy.change}
            labelOf={labelOf}
            texts={t}
            counters={counters}
            choices={choices}
          />
          {/* A page's words are all fields: its body is not shown anywhere. */}
          {collection !== 'pages' && (
            <BodyEditor prefix={prefix} lang={locale} body={body} onChange={copy.setBody} textRevision={copy.textRevision} texts={t} />
          )}
        </div>

        <aside className="grid min-w-0 grid-cols-1 content-start gap-10">
          <SearchPreview
            title={title}
            description={description}
            lang={locale}
            url={`${siteUrl}${entryPath(collection, slug, locale)}`.replace(/(?<=.)\/$/, '')}
            texts={t.searchPreview}
          />
          <PublishPanel
            prefix={prefix}
            entryId={entryId}
            document={doc}
            canUnpublish={collection !== 'pages'}
            version={copy.baseVersion}
            other={other}
            action={action}
            actions={actions}
            onEntry={onEntry}
            onVersionSaved={() => {
              if (historyOpen) void loadHistory();
            }}
            history={{
              id: historyId,
              open: historyOpen,
              onToggle: () => {
                const open = !historyOpen;
                setHistoryOpen(open);
                if (open) void loadHistory();
              },
            }}
            formatTime={formatTime}
            texts={t}
          />
        </aside>
      </div>

      <HistorySection
        id={historyId}
        open={historyOpen}
        revisions={revisions}
        workingCopy={{ frontMatter, body }}
        lang={locale}
        onRestore={restore}
        pending={action.pending}
        formatTime={formatTime}
        labelOf={labelOf}
        texts={t.history}
      />
    </div>
  );
}
