'use client';

import { useEffect, useState, type RefObject } from 'react';

import type { Locale } from '@/lib/content-editor/locales';
import type { Failure } from '@/lib/content-editor/results';

import type { EditorTexts } from './texts';
import type { WorkingCopy } from './use-working-copy';

export type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Runs an action on the saved working copy, then `done` with its answer; a failure is worded for
 * the editor, unless `refused` takes it (true) to show it at the control it is about.
 */
export type RunAction = <T extends { ok: boolean }>(
  action: () => Promise<T>,
  done: (answer: T & { ok: true }) => void,
  refused?: (failure: Failure) => boolean,
) => Promise<void>;

export type DocumentAction = {
  run: RunAction;
  pending: boolean;
  notice: Notice | null;
  notify: (notice: Notice) => void;
};

/**
 * What the editor does with a language beyond saving it (publish, schedule, restore…): one at a
 * time, only on what is saved, with one notice for the answer. After a refused action, focus goes
 * to the first field to fix, as in the site's forms.
 */
export function useDocumentAction(
  copy: WorkingCopy,
  locale: Locale,
  texts: EditorTexts,
  panel: RefObject<HTMLElement | null>,
  /** What to fix first, naming the field, while an autosave was refused for its fields. */
  problemsText: string,
): DocumentAction {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const [focusProblems, setFocusProblems] = useState(0);
  const { setProblems, showConflict } = copy;

  useEffect(() => {
    if (focusProblems > 0) panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusProblems, panel]);

  function showFailure(failure: Failure) {
    if (failure.reason === 'conflict') {
      showConflict(failure.conflict);
    } else if (failure.reason === 'problems') {
      if (failure.locale === locale) {
        setProblems(failure.problems);
        setFocusProblems((n) => n + 1);
        setNotice({ tone: 'error', text: texts.actions.problems });
      } else setNotice({ tone: 'error', text: texts.actions.otherProblems });
    } else {
      const text =
        failure.reason === 'notFuture'
          ? texts.actions.notFuture
          : failure.reason === 'notFound'
            ? texts.actions.notFound
            : texts.actions.failed;
      setNotice({ tone: 'error', text });
    }
  }

  const run: RunAction = async (action, done, refused) => {
    if (pending) return;
    // Waiting would never help here: the copy stays unsaved until a field is fixed or a version chosen.
    if (copy.saveState === 'problems') {
      setNotice({ tone: 'error', text: problemsText });
      setFocusProblems((n) => n + 1);
      return;
    }
    if (copy.conflict) {
      setNotice({ tone: 'error', text: texts.actions.conflictFirst });
      return;
    }
    if (copy.dirty || copy.saveState === 'saving') {
      setNotice({ tone: 'error', text: texts.actions.unsavedFirst });
      return;
    }
    setPending(true);
    setNotice(null);
    const answer = await action();
    setPending(false);
    if (isOk(answer)) done(answer);
    else if (isFailure(answer) && !refused?.(answer)) showFailure(answer);
  };

  return { run, pending, notice, notify: setNotice };
}

function isOk<T extends { ok: boolean }>(answer: T): answer is T & { ok: true } {
  return answer.ok;
}

function isFailure(answer: { ok: boolean }): answer is Failure {
  return !answer.ok;
}
