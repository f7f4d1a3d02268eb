'use client';

import { useEffect, useState } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { TextField } from '@/components/forms/text-field';
import { buttonClass } from '@/components/ui/button-styles';
import type { Locale } from '@/lib/content-editor/locales';
import type { EditorDocument, EditorEntry } from '@/lib/content-editor/types';

import type { EditorActions } from './editor-actions';
import { fill, type EditorTexts } from './texts';
import type { DocumentAction } from './use-document-action';

type PublishPanelProps = {
  /** Makes the ids unique on the page (one panel per language). */
  prefix: string;
  entryId: string;
  document: Pick<EditorDocument, 'locale' | 'status' | 'scheduledFor'>;
  /** False for a page of the site, which is always online (the database refuses it too). */
  canUnpublish?: boolean;
  /** The stored version the working copy started from: what gets published. */
  version: number;
  /** The other language's saved version and whether it has unsaved changes, for "publish both". */
  other: { locale: Locale; version: number; dirty: boolean } | null;
  action: DocumentAction;
  actions: EditorActions;
  onEntry: (entry: EditorEntry) => void;
  onVersionSaved: () => void;
  history: { id: string; open: boolean; onToggle: () => void };
  formatTime: (iso: string) => string;
  texts: EditorTexts;
};

/** The section "Publiceren": status, publish (this language or both), keep a version, preview, take offline, schedule, history. */
export function PublishPanel(props: PublishPanelProps) {
  const {
    prefix,
    entryId,
    document: doc,
    canUnpublish = true,
    version,
    other,
    action,
    actions,
    onEntry,
    onVersionSaved,
    history,
    formatTime,
  } = props;
  const t = props.texts;
  const { locale, status } = doc;
  const { run, pending, notice, notify } = action;
  const [scheduleAt, setScheduleAt] = useState('');
  // A time that is not to come is said at its field, which takes the focus (a new number each time).
  const [notFuture, setNotFuture] = useState(0);
  const scheduleId = `${prefix}-schedule`;
  useEffect(() => {
    if (notFuture > 0) document.getElementById(scheduleId)?.focus();
  }, [notFuture, scheduleId]);

  const published = (answer: { entry?: EditorEntry }) => {
    if (answer.entry) onEntry(answer.entry);
    notify({ tone: 'success', text: t.actions.published });
  };

  const button = (label: string, onClick: () => void, variant: 'primary' | 'secondary' = 'secondary') => (
    <button type="button" aria-disabled={pending || undefined} className={buttonClass({ variant, size: 'sm' })} onClick={onClick}>
      {label}
    </button>
  );

  return (
    <section aria-labelledby={`${prefix}-actions`} className="grid gap-4">
      <h2 id={`${prefix}-actions`} className="text-xl">
        {t.actions.heading}
      </h2>
      <p className="text-sm">
        {t.statusLabel}: <span className="font-semibold">{t.status[status]}</span>
        {doc.scheduledFor && status === 'scheduled' && <> · {fill(t.actions.scheduledFor, { time: formatTime(doc.scheduledFor) })}</>}
      </p>
      <StatusRegion answer={notice} message={notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>} />
      <div className="flex flex-wrap gap-3">
        {button(
          t.actions.publishThis,
          () => void run(() => actions.publish({ entryId, documents: [{ locale, version }] }), published),
          'primary',
        )}
        {other &&
          button(t.actions.publishBoth, () => {
            if (other.dirty) return notify({ tone: 'error', text: t.actions.unsavedFirst });
            void run(
              () =>
                actions.publish({
                  entryId,
                  documents: [
                    { locale, version },
                    { locale: other.locale, version: other.version },
                  ],
                }),
              published,
            );
          })}
        {button(
          t.actions.saveVersion,
          () =>
            void run(
              () => actions.saveVersion({ entryId, locale, version }),
              () => {
                notify({ tone: 'success', text: t.actions.versionSaved });
                onVersionSaved();
              },
            ),
        )}
        {/* A form, not a link: only a post from this site turns draft mode on (api/content/preview). */}
        <form method="post" action="/api/content/preview" target="_blank" rel="noopener" className="contents">
          <input type="hidden" name="entry" value={entryId} />
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            {t.actions.preview} <span className="font-normal">{t.actions.newTab}</span>
          </button>
        </form>
        {status !== 'draft' &&
          canUnpublish &&
          button(
            t.actions.unpublish,
            () =>
              void run(
                () => actions.unpublish({ entryId, locale }),
                (answer) => {
                  if (answer.entry) onEntry(answer.entry);
                  notify({ tone: 'success', text: t.actions.unpublished });
                },
              ),
          )}
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!scheduleAt) return setNotFuture((n) => n + 1);
          void run(
            // The time as typed: the server reads it in the site's time zone, which the label names.
            () => actions.schedule({ entryId, locale, version, at: scheduleAt }),
            (answer) => {
              if (answer.entry) onEntry(answer.entry);
              notify({ tone: 'success', text: fill(t.actions.scheduled, { time: formatTime(answer.scheduledFor) }) });
            },
            (failure) => {
              if (failure.reason !== 'notFuture') return false;
              setNotFuture((n) => n + 1);
              return true;
            },
          );
        }}
      >
        <TextField
          id={scheduleId}
          label={t.actions.scheduleAt}
          type="datetime-local"
          value={scheduleAt}
          onChange={(event) => {
            setScheduleAt(event.target.value);
            setNotFuture(0);
          }}
          error={notFuture > 0 ? 'notFuture' : undefined}
          errorTexts={{ notFuture: t.actions.notFuture }}
          className="min-w-0 grow text-sm"
        />
        <button type="submit" aria-disabled={pending || undefined} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t.actions.schedule}
        </button>
      </form>
      <button
        type="button"
        aria-expanded={history.open}
        aria-controls={history.id}
        className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
        onClick={history.onToggle}
      >
        {t.actions.history}
      </button>
    </section>
  );
}
