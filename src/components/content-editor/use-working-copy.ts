'use client';

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { DocumentKind } from '@/lib/content/collections';
import { frontMatterOf, valuesOf, type FieldName, type FieldValues } from '@/lib/content-editor/field-values';
import type { FieldProblem, FrontMatter } from '@/lib/content-editor/front-matter';
import type { Locale } from '@/lib/content-editor/locales';
import type { Conflict } from '@/lib/content-editor/results';
import type { EditorDocument } from '@/lib/content-editor/types';

import type { EditorActions } from './editor-actions';

/** How long typing must pause before the working copy is saved. */
const AUTOSAVE_MS = 1200;
/** How long after a failed save it is tried again. */
const RETRY_MS = 5000;

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'problems' | 'conflict' | 'failed';

/** A stored text that replaces the one being edited (theirs, or a restored revision). */
export type StoredText = Pick<EditorDocument, 'frontMatter' | 'body' | 'version'>;

export type WorkingCopy = {
  values: FieldValues;
  body: string;
  frontMatter: FrontMatter;
  /** The stored version the working copy started from. */
  baseVersion: number;
  /** The working copy differs from what is stored. */
  dirty: boolean;
  saveState: SaveState;
  savedAt: string | null;
  problems: FieldProblem[];
  conflict: Conflict | null;
  /** Changes whenever the text is replaced from outside, for the visual editor to remount. */
  textRevision: number;
  change: (field: FieldName, value: string) => void;
  setBody: (body: string) => void;
  setProblems: (problems: FieldProblem[]) => void;
  showConflict: (conflict: Conflict) => void;
  /** Keeps the working copy over someone else's version: the next autosave writes it over theirs. */
  keepMine: (conflict: Conflict) => void;
  replaceWith: (document: StoredText) => void;
};

const keyOf = (frontMatter: FrontMatter, body: string) => JSON.stringify([frontMatter, body]);

/**
 * One language's working copy as the editor types it: its fields and text, saved once typing
 * pauses (never over someone else's change: a conflict waits for a choice), tried again after a
 * failure, and guarded against leaving the page unsaved.
 */
export function useWorkingCopy(
  { entryId, kind, document: doc, actions }: { entryId: string; kind: DocumentKind; document: EditorDocument; actions: EditorActions },
  onState: (locale: Locale, state: { version: number; dirty: boolean }) => void,
): WorkingCopy {
  const { locale } = doc;
  const [values, setValues] = useState<FieldValues>(() => valuesOf(kind, doc.frontMatter));
  const [body, setBody] = useState(doc.body);
  const [baseVersion, setBaseVersion] = useState(doc.version);
  const [savedKey, setSavedKey] = useState(() => keyOf(frontMatterOf(kind, valuesOf(kind, doc.frontMatter)), doc.body));
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [retry, setRetry] = useState(0);
  // A new value remounts the visual editor, which reads its text only when it mounts.
  const [textRevision, setTextRevision] = useState(0);
  const saving = useRef(false);

  const frontMatter = useMemo(() => frontMatterOf(kind, values), [kind, values]);
  const key = keyOf(frontMatter, body);
  const dirty = key !== savedKey;
  const latest = useRef({ frontMatter, body, key, baseVersion });
  useLayoutEffect(() => {
    latest.current = { frontMatter, body, key, baseVersion };
  });

  useEffect(() => onState(locale, { version: baseVersion, dirty }), [locale, baseVersion, dirty, onState]);

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

  return {
    values,
    body,
    frontMatter,
    baseVersion,
    dirty,
    saveState,
    savedAt,
    problems,
    conflict,
    textRevision,
    change: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    setBody,
    setProblems,
    showConflict: (next) => {
      setConflict(next);
      setSaveState('conflict');
    },
    keepMine: (theirs) => {
      setBaseVersion(theirs.version);
      setConflict(null);
    },
    replaceWith: (document) => {
      const next = valuesOf(kind, document.frontMatter);
      setValues(next);
      setBody(document.body);
      setBaseVersion(document.version);
      setSavedKey(keyOf(frontMatterOf(kind, next), document.body));
      setTextRevision((n) => n + 1);
      setProblems([]);
      setConflict(null);
      setSaveState('saved');
    },
  };
}
