'use client';

import '@mdxeditor/editor/style.css';

import {
  BlockTypeSelect,
  BoldItalicUnderlineToggles,
  CreateLink,
  headingsPlugin,
  linkDialogPlugin,
  linkPlugin,
  listsPlugin,
  ListsToggle,
  markdownShortcutPlugin,
  MDXEditor,
  quotePlugin,
  thematicBreakPlugin,
  toolbarPlugin,
  UndoRedo,
  type MDXEditorMethods,
} from '@mdxeditor/editor';
import { useTheme } from 'next-themes';
import { useEffect, useRef } from 'react';

import { fill, type EditorTexts } from './texts';

type MarkdownEditorProps = {
  markdown: string;
  onChange: (markdown: string) => void;
  /** The id of the label that names the editable area. */
  labelledBy: string;
  /** Called when the text holds something the visual editor cannot show (raw HTML, a component). */
  onUnsupported: () => void;
  texts: EditorTexts['markdownEditor'];
};

/**
 * The visual Markdown editor (MDXEditor): headings, lists, quotes, links, bold and italic, which is
 * what the site's posts and vacancies use. Loaded with next/dynamic by the edit page alone.
 */
export default function MarkdownEditor({ markdown, onChange, labelledBy, onUnsupported, texts }: MarkdownEditorProps) {
  const ref = useRef<MDXEditorMethods>(null);
  const frame = useRef<HTMLDivElement>(null);
  // The editor sets its own light colours on its root; in the site's dark mode it takes its dark ones.
  const { resolvedTheme } = useTheme();

  // The editable area is named by the field's label, as a textarea would be.
  useEffect(() => {
    const editable = frame.current?.querySelector<HTMLElement>('[contenteditable="true"]');
    if (!editable) return;
    editable.setAttribute('aria-labelledby', labelledBy);
    editable.removeAttribute('aria-label');
  });

  const translation = (key: string, fallback: string, values: Record<string, string | number> = {}) => {
    let at: unknown = texts;
    for (const part of key.split('.')) at = typeof at === 'object' && at !== null ? Reflect.get(at, part) : undefined;
    return fill(typeof at === 'string' ? at : fallback.replaceAll('{{', '{').replaceAll('}}', '}'), values);
  };

  return (
    <div
      ref={frame}
      className="min-w-0 rounded-xl border border-line bg-page focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-fg [&_[role=toolbar]]:flex-wrap"
    >
      <MDXEditor
        ref={ref}
        className={resolvedTheme === 'dark' ? 'dark-theme' : undefined}
        markdown={markdown}
        onChange={(next, initialNormalize) => {
          if (!initialNormalize) onChange(next);
        }}
        onError={() => onUnsupported()}
        translation={translation}
        contentEditableClassName="prose-site max-w-none min-h-64 px-4 py-3"
        plugins={[
          headingsPlugin({ allowedHeadingLevels: [2, 3, 4] }),
          listsPlugin(),
          quotePlugin(),
          linkPlugin(),
          linkDialogPlugin(),
          thematicBreakPlugin(),
          markdownShortcutPlugin(),
          toolbarPlugin({
            toolbarContents: () => (
              <>
                <UndoRedo />
                <BoldItalicUnderlineToggles options={['Bold', 'Italic']} />
                <BlockTypeSelect />
                <ListsToggle options={['bullet', 'number']} />
                <CreateLink />
              </>
            ),
          }),
        ]}
      />
    </div>
  );
}
