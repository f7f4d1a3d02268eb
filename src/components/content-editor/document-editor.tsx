'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { SelectField } from '@/components/forms/select-field';
import { StatusRegion } from '@/components/forms/status-region';
import { TextArea, type CharacterCounter } from '@/components/forms/text-area';
import { TextField } from '@/components/forms/text-field';
import { buttonClass } from '@/components/ui/button-styles';
import type { Collection } from '@/lib/content/collections';
import { employmentTypes } from '@/lib/content/frontmatter-schemas';
import type { Conflict, EditorDocument, EditorEntry, Failure, Locale, Revision } from '@/lib/content-editor/editor';
import { fieldsOf, frontMatterOf, valuesOf, type FieldName, type FieldValues } from '@/lib/content-editor/field-values';
import type { FieldProblem } from '@/lib/content-editor/front-matter';

import { ConflictNotice } from './conflict-notice';
import type { EditorActions } from './editor-actions';
import { HistoryPanel } from './history-panel';
import { SearchPreview } from './search-preview';
import { fill, type EditorTexts } from './texts';

// The visual editor is large: it is fetched by this page alone, and only in the browser.
const MarkdownEditor = dynamic(() => import('./markdown-editor'), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="min-h-64 rounded-xl border border-line" />,
});

/** How long typing must pause before the working copy is saved. */
const AUTOSAVE_MS = 1200;
/** How long after a failed save it is tried again. */
const RETRY_MS = 5000;

const OPTIONAL = new Set<FieldName>(['updated', 'authorRole', 'validThrough']);
const DATES = new Set<FieldName>(['date', 'updated', 'datePosted', 'validThrough']);
const NUMBERS = new Set<FieldName>(['hours.min', 'hours.max', 'salary.min', 'salary.max']);

type SaveState = 'saved' | 'unsaved' | 'saving' | 'problems' | 'conflict' | 'failed';
type Notice = { tone: 'success' | 'error'; text: string };

export type DocumentEditorProps = {
  entryId: string;
  collection: Collection;
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
};

/** A field's label key in the texts: "hours.min" is "hoursMin". */
const labelKey = (field: string) => field.replace(/\.(\w)/, (_, letter: string) => letter.toUpperCase());

/** One language of an entry: its fields, its text, autosave, and what can be done with it. */
export function DocumentEditor(props: DocumentEditorProps) {
  const { entryId, collection, slug, document: doc, other, onState, onEntry, actions, texts: t, formatTime, siteUrl, counters } = props;
  const { locale } = doc;
  const prefix = `${locale}-${useId().replaceAll(':', '')}`;

  const [values, setValues] = useState<FieldValues>(() => valuesOf(collection, doc.frontMatter));
  const [body, setBody] = useState(doc.body);
  const [baseVersion, setBaseVersion] = useState(doc.version);
  const [savedKey, setSavedKey] = useState(() =>
    JSON.stringify([frontMatterOf(collection, valuesOf(collection, doc.frontMatter)), doc.body]),
  );
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const [retry, setRetry] = useState(0);
  const [focusProblems, setFocusProblems] = useState(0);
  const [mode, setMode] = useState<'visual' | 'source'>('visual');
  const [unsupported, setUnsupported] = useState(false);
  // A new value remounts the visual editor, which reads its text only when it mounts.
  const [textRevision, setTextRevision] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [scheduleAt, setScheduleAt] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const saving = useRef(false);

  const frontMatter = useMemo(() => frontMatterOf(collection, values), [collection, values]);
  const key = JSON.stringify([frontMatter, body]);
  const dirty = key !== savedKey;
  const latest = useRef({ frontMatter, body, key, baseVersion });
  useLayoutEffect(() => {
    latest.current = { frontMatter, body, key, baseVersion };
  });

  useEffect(() => onState(locale, { version: baseVersion, dirty }), [locale, baseVersion, dirty, onState]);

  const showFailure = useCallback(
    (failure: Failure) => {
      if (failure.reason === 'conflict') {
        setConflict(failure.conflict);
        setSaveState('conflict');
      } else if (failure.reason === 'problems') {
        if (failure.locale === locale) {
          setProblems(failure.problems);
          setFocusProblems((n) => n + 1);
          setNotice({ tone: 'error', text: t.actions.problems });
        } else setNotice({ tone: 'error', text: t.actions.otherProblems });
      } else {
        const text =
          failure.reason === 'notFuture' ? t.actions.notFuture : failure.reason === 'notFound' ? t.actions.notFound : t.actions.failed;
        setNotice({ tone: 'error', text });
      }
    },
    [locale, t],
  );

  const save = useCallback(async () => {
    if (saving.current) return;
    saving.current = true;
    const sent = latest.current;
    setSaveState('saving');
    const answer = await actions.save({ entryId, locale, baseVersion: sent.baseVersion, frontMatter: sent.frontMatter, body: sent.body });
    saving.current = false;
    if (answer.ok) {
      setBaseVersion(answer.version);
      setSavedKey(sent.key);
      setSavedAt(answer.updatedAt);
      setProblems([]);
      setSaveState('saved');
    } else if (answer.reason === 'problems') {
      setProblems(answer.problems);
      setSaveState('problems');
    } else if (answer.reason === 'conflict') {
      setConflict(answer.conflict);
      setSaveState('conflict');
    } else {
      setSaveState('failed');
      setTimeout(() => setRetry((n) => n + 1), RETRY_MS);
    }
  }, [actions, entryId, locale]);

  // Autosave: once typing pauses; never over someone else's change (a conflict waits for a choice).
  useEffect(() => {
    if (!dirty || conflict) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [key, dirty, conflict, save, retry, baseVersion]);

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // After a refused action, focus goes to the first field to fix, as in the site's forms.
  useEffect(() => {
    if (focusProblems > 0) panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusProblems]);

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  /** Replaces the text being edited with a stored one (theirs, or a restored revision). */
  function replaceWith(document: Pick<EditorDocument, 'frontMatter' | 'body' | 'version'>) {
    const next = valuesOf(collection, document.frontMatter);
    setValues(next);
    setBody(document.body);
    setBaseVersion(document.version);
    setSavedKey(JSON.stringify([frontMatterOf(collection, next), document.body]));
    setTextRevision((n) => n + 1);
    setProblems([]);
    setConflict(null);
    setSaveState('saved');
  }

  async function run<T extends { ok: boolean }>(action: () => Promise<T>, done: (answer: T & { ok: true }) => void) {
    if (pending) return;
    if (dirty || saveState === 'saving') {
      setNotice({ tone: 'error', text: t.actions.unsavedFirst });
      return;
    }
    setPending(true);
    setNotice(null);
    const answer = await action();
    setPending(false);
    if (isOk(answer)) done(answer);
    else if (isFailure(answer)) showFailure(answer);
  }

  const publishBoth = other !== null;
  const status = doc.status;

  async function loadHistory() {
    const answer = await actions.history({ entryId, locale });
    setRevisions(answer.ok ? answer.revisions : []);
  }

  function restore(revision: Revision) {
    void run(
      () => actions.restore({ entryId, locale, revisionId: revision.id, baseVersion }),
      (answer) => {
        const restored = answer.entry?.documents[locale];
        if (restored) replaceWith(restored);
        if (answer.entry) onEntry(answer.entry);
        setNotice({ tone: 'success', text: t.history.restored });
        void loadHistory();
      },
    );
  }

  const problemOf = (field: string) => problems.find((p) => p.field === field);
  const errorTexts = Object.fromEntries(
    problems.map((p) => [p.field, fill(t.fieldErrors[p.code], p.limit === undefined ? {} : { limit: p.limit })]),
  );
  const marks = { optional: t.fields.optional };
  const labelOf = (field: string) => {
    const text: unknown = Reflect.get(t.fields, labelKey(field));
    return typeof text === 'string' ? text : field;
  };

  function field(name: FieldName) {
    const id = `${prefix}-${name.replace('.', '-')}`;
    const label = labelOf(name);
    const value = values[name] ?? '';
    const problem = problemOf(name);
    const error = problem ? { error: name, errorTexts } : {};
    const counter = counters[name];
    if (name === 'description' || name === 'offer') {
      return (
        <TextArea
          key={name}
          id={id}
          label={label}
          hint={name === 'description' ? t.fields.descriptionHint : t.fields.offerHint}
          value={value}
          rows={name === 'offer' ? 5 : 3}
          onChange={(event) => change(name, event.target.value)}
          marks={marks}
          required
          counter={counter}
          {...error}
        />
      );
    }
    if (name === 'status' || name === 'employmentType') {
      const options = name === 'status' ? (['open', 'closed'] as const) : employmentTypes;
      const labels: Record<string, string> = name === 'status' ? t.fields.statuses : t.fields.employmentTypes;
      return (
        <SelectField
          key={name}
          id={id}
          label={label}
          value={value}
          onChange={(event) => change(name, event.target.value)}
          marks={marks}
          required
          {...error}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </SelectField>
      );
    }
    const counterId = `${id}-counter`;
    const describedBy =
      [problem && `${id}-error`, name === 'tags' && `${id}-hint`, counter && counterId].filter(Boolean).join(' ') || undefined;
    return (
      <div key={name} className="flex flex-col gap-1.5">
        <TextField
          id={id}
          label={label}
          hint={name === 'tags' ? t.fields.tagsHint : undefined}
          value={value}
          type={DATES.has(name) ? 'date' : 'text'}
          inputMode={NUMBERS.has(name) ? 'numeric' : undefined}
          onChange={(event) => change(name, event.target.value)}
          marks={marks}
          required={!OPTIONAL.has(name)}
          aria-describedby={describedBy}
          {...error}
        />
        {counter && (
          <p id={counterId} className={`self-end text-sm ${value.length > counter.max ? 'font-semibold text-danger' : 'text-muted'}`}>
            {counter.count.replace('{count}', new Intl.NumberFormat(counter.locale).format(value.length))}
          </p>
        )}
      </div>
    );
  }

  const saveLine = {
    saved: savedAt ? fill(t.autosave.savedAt, { time: formatTime(savedAt) }) : t.autosave.saved,
    unsaved: t.autosave.unsaved,
    saving: t.autosave.saving,
    problems: fill(t.autosave.problems, { count: problems.length }),
    conflict: t.autosave.conflict,
    failed: t.autosave.failed,
  }[dirty && saveState === 'saved' ? 'unsaved' : saveState];

  const bodyLabelId = `${prefix}-body-label`;
  const historyId = `${prefix}-history`;
  const title = typeof frontMatter.title === 'string' ? frontMatter.title : '';
  const description = typeof frontMatter.description === 'string' ? frontMatter.description : '';

  return (
    <div ref={panel} className="grid grid-cols-1 gap-10">
      <p role="status" className="text-sm font-semibold">
        {saveLine}
      </p>

      {conflict && (
        <ConflictNotice
          conflict={conflict}
          mine={{ frontMatter, body }}
          texts={t}
          formatTime={formatTime}
          labelOf={labelOf}
          onTakeTheirs={() => replaceWith(conflict)}
          onKeepMine={() => {
            setBaseVersion(conflict.version);
            setConflict(null);
          }}
        />
      )}

      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 grid-cols-1 gap-10">
          <section aria-labelledby={`${prefix}-fields`} className="grid grid-cols-1 gap-6">
            <h3 id={`${prefix}-fields`} className="text-xl">
              {t.fieldsHeading}
            </h3>
            <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 [&>*:has(textarea)]:sm:col-span-2">{fieldsOf(collection).map(field)}</div>
          </section>

          <section aria-labelledby={bodyLabelId} className="grid min-w-0 grid-cols-1 gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 id={bodyLabelId} className="text-xl">
                {t.body.label}
              </h3>
              <div role="group" aria-label={t.body.modes} className="flex gap-2">
                {(['visual', 'source'] as const).map((wanted) => (
                  <button
                    key={wanted}
                    type="button"
                    aria-pressed={mode === wanted}
                    disabled={wanted === 'visual' && unsupported}
                    onClick={() => setMode(wanted)}
                    className={buttonClass({ variant: mode === wanted ? 'primary' : 'secondary', size: 'sm' })}
                  >
                    {t.body[wanted]}
                  </button>
                ))}
              </div>
            </div>
            {unsupported && <FormMessage tone="error">{t.body.parseFailed}</FormMessage>}
            {mode === 'visual' && !unsupported ? (
              <MarkdownEditor
                key={textRevision}
                markdown={body}
                onChange={setBody}
                labelledBy={bodyLabelId}
                onUnsupported={() => {
                  setUnsupported(true);
                  setMode('source');
                }}
                texts={t.markdownEditor}
              />
            ) : (
              <TextArea
                id={`${prefix}-body`}
                label={<span className="sr-only">{t.body.label}</span>}
                value={body}
                rows={18}
                onChange={(event) => setBody(event.target.value)}
                className="font-mono [&_textarea]:rounded-xl [&_textarea]:border [&_textarea]:border-line [&_textarea]:px-3 [&_textarea]:text-sm"
              />
            )}
          </section>
        </div>

        <aside className="grid min-w-0 grid-cols-1 content-start gap-10">
          <SearchPreview
            title={title}
            description={description}
            url={`${siteUrl}${locale === 'en' ? '/en' : ''}/${collection}/${slug}`}
            texts={t.searchPreview}
          />

          <section aria-labelledby={`${prefix}-actions`} className="grid gap-4">
            <h3 id={`${prefix}-actions`} className="text-xl">
              {t.actions.heading}
            </h3>
            <p className="text-sm">
              {t.statusLabel}: <span className="font-semibold">{t.status[status]}</span>
              {doc.scheduledFor && status === 'scheduled' && <> · {fill(t.actions.scheduledFor, { time: formatTime(doc.scheduledFor) })}</>}
            </p>
            <StatusRegion answer={notice} message={notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>} />
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                aria-disabled={pending || undefined}
                className={buttonClass({ size: 'sm' })}
                onClick={() =>
                  void run(
                    () => actions.publish({ entryId, documents: [{ locale, version: baseVersion }] }),
                    (answer) => {
                      if (answer.entry) onEntry(answer.entry);
                      setNotice({ tone: 'success', text: t.actions.published });
                    },
                  )
                }
              >
                {t.actions.publishThis}
              </button>
              {publishBoth && (
                <button
                  type="button"
                  aria-disabled={pending || undefined}
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  onClick={() => {
                    if (other.dirty) return setNotice({ tone: 'error', text: t.actions.unsavedFirst });
                    void run(
                      () =>
                        actions.publish({
                          entryId,
                          documents: [
                            { locale, version: baseVersion },
                            { locale: other.locale, version: other.version },
                          ],
                        }),
                      (answer) => {
                        if (answer.entry) onEntry(answer.entry);
                        setNotice({ tone: 'success', text: t.actions.published });
                      },
                    );
                  }}
                >
                  {t.actions.publishBoth}
                </button>
              )}
              <button
                type="button"
                aria-disabled={pending || undefined}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
                onClick={() =>
                  void run(
                    () => actions.saveVersion({ entryId, locale, version: baseVersion }),
                    () => {
                      setNotice({ tone: 'success', text: t.actions.versionSaved });
                      if (historyOpen) void loadHistory();
                    },
                  )
                }
              >
                {t.actions.saveVersion}
              </button>
              <a
                href={`/api/content/preview?entry=${entryId}&locale=${locale}`}
                target="_blank"
                rel="noopener"
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                {t.actions.preview}
              </a>
              {status !== 'draft' && (
                <button
                  type="button"
                  aria-disabled={pending || undefined}
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  onClick={() =>
                    void run(
                      () => actions.unpublish({ entryId, locale }),
                      (answer) => {
                        if (answer.entry) onEntry(answer.entry);
                        setNotice({ tone: 'success', text: t.actions.unpublished });
                      },
                    )
                  }
                >
                  {t.actions.unpublish}
                </button>
              )}
            </div>
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (!scheduleAt) return setNotice({ tone: 'error', text: t.actions.notFuture });
                void run(
                  // The time as typed: the server reads it in the site's time zone, which the label names.
                  () => actions.schedule({ entryId, locale, version: baseVersion, at: scheduleAt }),
                  (answer) => {
                    if (answer.entry) onEntry(answer.entry);
                    setNotice({ tone: 'success', text: fill(t.actions.scheduled, { time: formatTime(answer.scheduledFor) }) });
                  },
                );
              }}
            >
              <TextField
                id={`${prefix}-schedule`}
                label={t.actions.scheduleAt}
                type="datetime-local"
                value={scheduleAt}
                onChange={(event) => setScheduleAt(event.target.value)}
                className="min-w-0 grow text-sm"
              />
              <button type="submit" aria-disabled={pending || undefined} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                {t.actions.schedule}
              </button>
            </form>
            <button
              type="button"
              aria-expanded={historyOpen}
              aria-controls={historyId}
              className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
              onClick={() => {
                const open = !historyOpen;
                setHistoryOpen(open);
                if (open) void loadHistory();
              }}
            >
              {t.actions.history}
            </button>
          </section>
        </aside>
      </div>

      <section id={historyId} hidden={!historyOpen} aria-labelledby={`${historyId}-title`} className="grid gap-6">
        <h3 id={`${historyId}-title`} className="text-xl">
          {t.history.heading}
        </h3>
        {historyOpen && (
          <HistoryPanel
            key={revisions?.[0]?.id ?? 'none'}
            id={historyId}
            revisions={revisions}
            workingCopy={{ frontMatter, body }}
            onRestore={restore}
            pending={pending}
            formatTime={formatTime}
            labelOf={labelOf}
            texts={t.history}
          />
        )}
      </section>
    </div>
  );
}

function isOk<T extends { ok: boolean }>(answer: T): answer is T & { ok: true } {
  return answer.ok;
}

function isFailure(answer: { ok: boolean }): answer is Failure {
  return !answer.ok;
}
