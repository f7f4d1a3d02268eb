'use client';

import NextLink from 'next/link';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

import { CheckboxField } from '@/components/forms/checkbox-field';
import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import type { CharacterCounter } from '@/components/forms/text-area';
import { TextField } from '@/components/forms/text-field';
import { buttonClass } from '@/components/ui/button-styles';
import { withLocale } from '@/i18n/locale-path';
import type { Locale as UiLocale } from '@/i18n/routing';
import type { FieldName } from '@/lib/content-editor/field-values';
import { LOCALES, type Locale } from '@/lib/content-editor/locales';
import type { CaseChoices, EditorEntry, Presence } from '@/lib/content-editor/types';
import { formatDateTime } from '@/lib/locale-format';

import { ContentStatusBadge } from './content-status-badge';
import { DocumentEditor } from './document-editor';
import type { EditorActions } from './editor-actions';
import { fill, type EditorTexts } from './texts';

/** How often an open editor says it is still there; others count it gone a minute after its last beat. */
const HEARTBEAT_MS = 20_000;

type ContentEditorProps = {
  /** The page's heading, under the way back. */
  heading: string;
  entry: EditorEntry;
  actions: EditorActions;
  texts: EditorTexts;
  uiLocale: UiLocale;
  siteUrl: string;
  counters: Partial<Record<FieldName, CharacterCounter>>;
  /** What a case study's choice fields offer. */
  choices?: CaseChoices;
};

/**
 * The edit page: one tab per language (each with its own status, fields, text and actions), the
 * address both share, and who else has the entry open.
 */
export function ContentEditor({ heading, entry: initial, actions, texts: t, uiLocale, siteUrl, counters, choices }: ContentEditorProps) {
  const [entry, setEntry] = useState(initial);
  const [tab, setTab] = useState<Locale>('nl');
  const [states, setStates] = useState<Partial<Record<Locale, { version: number; dirty: boolean }>>>({});
  const [others, setOthers] = useState<Presence[]>([]);
  const tabs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});
  const locales = LOCALES.filter((locale) => entry.documents[locale] !== undefined);
  const formatTime = useCallback((iso: string) => formatDateTime(iso, uiLocale, 'medium'), [uiLocale]);
  const onState = useCallback((locale: Locale, state: { version: number; dirty: boolean }) => {
    setStates((current) => {
      const known = current[locale];
      return known?.version === state.version && known.dirty === state.dirty ? current : { ...current, [locale]: state };
    });
  }, []);
  const dirty = Object.values(states).some((state) => state?.dirty);

  // Presence: a beat now and then while the page is open, and goodbye when it closes.
  useEffect(() => {
    let stopped = false;
    const beat = async () => {
      const answer = await actions.heartbeat({ entryId: entry.id });
      if (!stopped && answer.ok) setOthers(answer.others);
    };
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      void actions.leave({ entryId: entry.id });
    };
  }, [actions, entry.id]);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = locales.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? locales[(index + 1) % locales.length]
        : event.key === 'ArrowLeft'
          ? locales[(index - 1 + locales.length) % locales.length]
          : event.key === 'Home'
            ? locales[0]
            : event.key === 'End'
              ? locales.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabs.current[next]?.focus();
  }

  return (
    <div className="grid grid-cols-1 gap-8">
      <NextLink
        href={withLocale('/account/content', uiLocale)}
        className="underline-link self-start text-base"
        onClick={(event) => {
          if (dirty && !window.confirm(t.leaveConfirm)) event.preventDefault();
        }}
      >
        ← {t.backToList}
      </NextLink>
      <h1 className="text-3xl break-words md:text-5xl">{heading}</h1>

      {/* In the page from the start, so a screen reader says when a colleague opens the entry. */}
      <div role="status" className="empty:absolute">
        {others.length > 0 && (
          <p className="rounded-xl border border-line px-4 py-3 text-sm">
            {fill(t.presence.others, { emails: others.map((o) => o.email).join(', ') })}
          </p>
        )}
      </div>

      {/* A page of the site keeps its address. */}
      {entry.collection !== 'pages' && <SlugForm entry={entry} actions={actions} texts={t} onEntry={setEntry} />}

      <div>
        <div role="tablist" aria-label={t.languagesLabel} className="flex flex-wrap gap-2 border-b border-line">
          {locales.map((locale) => {
            const status = entry.documents[locale]?.status ?? 'draft';
            const selected = tab === locale;
            return (
              <button
                key={locale}
                ref={(element) => {
                  tabs.current[locale] = element;
                }}
                type="button"
                role="tab"
                id={`tab-${locale}`}
                aria-selected={selected}
                aria-controls={`panel-${locale}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(locale)}
                onKeyDown={onTabKey}
                className={`-mb-px flex items-center gap-3 border-b-2 px-4 py-3 text-base font-semibold ${
                  selected ? 'border-fg text-fg' : 'border-transparent text-muted hover:text-fg'
                }`}
              >
                {t.languages[locale]}
                <ContentStatusBadge status={status} label={t.status[status]} />
              </button>
            );
          })}
        </div>
        {locales.map((locale) => {
          const document = entry.documents[locale];
          if (!document) return null;
          const otherLocale = locales.find((l) => l !== locale);
          const otherState = otherLocale ? states[otherLocale] : undefined;
          return (
            <div
              key={locale}
              role="tabpanel"
              id={`panel-${locale}`}
              aria-labelledby={`tab-${locale}`}
              hidden={tab !== locale}
              className="pt-8"
            >
              <DocumentEditor
                entryId={entry.id}
                collection={entry.collection}
                kind={entry.kind}
                slug={entry.slug}
                document={document}
                other={otherLocale && otherState ? { locale: otherLocale, ...otherState } : null}
                onState={onState}
                onEntry={setEntry}
                actions={actions}
                texts={t}
                formatTime={formatTime}
                siteUrl={siteUrl}
                counters={counters}
                choices={choices}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

type SlugNotice = 'changed' | 'taken' | 'invalid' | 'confirmNeeded' | 'failed';

/** The address both languages share; once published, a change needs a confirmation, as the old address will redirect. */
function SlugForm({
  entry,
  actions,
  texts: t,
  onEntry,
}: {
  entry: EditorEntry;
  actions: EditorActions;
  texts: EditorTexts;
  onEntry: (entry: EditorEntry) => void;
}) {
  const [slug, setSlug] = useState(entry.slug);
  const [confirmed, setConfirmed] = useState(false);
  const [answer, setAnswer] = useState<{ notice: SlugNotice } | null>(null);
  const [pending, setPending] = useState(false);
  const published = entry.firstPublishedAt !== null;
  const texts: Record<SlugNotice, string> = {
    changed: t.slug.changed,
    taken: t.slug.taken,
    invalid: t.slug.invalid,
    confirmNeeded: t.slug.confirmNeeded,
    failed: t.actions.failed,
  };
  const notice = answer?.notice;
  // A problem with one control is said there, and focus goes to it; the region says the rest.
  const at = notice === 'taken' || notice === 'invalid' ? 'entry-slug' : notice === 'confirmNeeded' ? 'entry-slug-confirm' : null;
  useEffect(() => {
    if (at) document.getElementById(at)?.focus();
  }, [answer, at]);
  return (
    <form
      className="grid max-w-2xl gap-4"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (pending) return;
        setPending(true);
        const result = await actions.changeSlug({ entryId: entry.id, slug, confirmed });
        setPending(false);
        if (result.ok) {
          if (result.entry) onEntry(result.entry);
          setConfirmed(false);
          return setAnswer({ notice: 'changed' });
        }
        const reason = result.reason;
        setAnswer({
          notice:
            reason === 'slugTaken' ? 'taken' : reason === 'invalid' ? 'invalid' : reason === 'confirmSlug' ? 'confirmNeeded' : 'failed',
        });
      }}
    >
      <div className="flex flex-wrap items-end gap-4">
        <TextField
          id="entry-slug"
          label={t.slug.label}
          hint={t.slug.hint}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 grow [&_input]:font-mono"
          error={notice === 'taken' || notice === 'invalid' ? notice : undefined}
          errorTexts={texts}
        />
        <button type="submit" aria-disabled={pending || undefined} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t.slug.submit}
        </button>
      </div>
      {published && slug !== entry.slug && (
        <CheckboxField
          id="entry-slug-confirm"
          label={t.slug.confirm}
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          error={notice === 'confirmNeeded' && !confirmed ? notice : undefined}
          errorTexts={texts}
        />
      )}
      <StatusRegion
        answer={answer}
        message={notice && !at && <FormMessage tone={notice === 'changed' ? 'success' : 'error'}>{texts[notice]}</FormMessage>}
      />
    </form>
  );
}
