'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { TextArea } from '@/components/forms/text-area';
import { buttonClass } from '@/components/ui/button-styles';

import type { EditorTexts } from './texts';

// The visual editor is large: it is fetched by this page alone, and only in the browser.
const MarkdownEditor = dynamic(() => import('./markdown-editor'), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="min-h-64 rounded-xl border border-muted" />,
});

type BodyEditorProps = {
  /** Makes the ids unique on the page (one body per language). */
  prefix: string;
  /** The language of the text (the labels are in the page's). */
  lang: string;
  body: string;
  onChange: (body: string) => void;
  /** Changes when the text is replaced from outside: the visual editor reads its text only when it mounts. */
  textRevision: number;
  texts: EditorTexts;
};

/**
 * The section "Tekst": the body, edited visually (MDXEditor) or as Markdown source. A text the
 * visual editor cannot show switches to the source for good, and says why.
 */
export function BodyEditor({ prefix, lang, body, onChange, textRevision, texts: t }: BodyEditorProps) {
  const [mode, setMode] = useState<'visual' | 'source'>('visual');
  const [unsupported, setUnsupported] = useState(false);
  const labelId = `${prefix}-body-label`;
  return (
    <section aria-labelledby={labelId} className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={labelId} className="text-xl">
          {t.body.label}
        </h2>
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
          onChange={onChange}
          labelledBy={labelId}
          lang={lang}
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
          lang={lang}
          onChange={(event) => onChange(event.target.value)}
          className="font-mono [&_textarea]:rounded-xl [&_textarea]:border [&_textarea]:border-muted [&_textarea]:px-3 [&_textarea]:text-sm"
        />
      )}
    </section>
  );
}
