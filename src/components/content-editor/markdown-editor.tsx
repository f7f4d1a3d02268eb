'use client';

import '@mdxeditor/editor/style.css';
import './markdown-editor.css';

import {
  headingsPlugin,
  linkDialogPlugin,
  linkPlugin,
  listsPlugin,
  markdownShortcutPlugin,
  MDXEditor,
  quotePlugin,
  thematicBreakPlugin,
  toolbarPlugin,
  type MDXEditorMethods,
} from '@mdxeditor/editor';
import { useTheme } from 'next-themes';
import { useRef, useState, type KeyboardEvent } from 'react';
import { tabbable, type FocusableElement } from 'tabbable';

import { MarkdownToolbar } from './markdown-toolbar';
import { fill, type EditorTexts } from './texts';
import { useEditorSemantics } from './use-editor-semantics';

type MarkdownEditorProps = {
  markdown: string;
  onChange: (markdown: string) => void;
  /** The id of the label that names the editable area. */
  labelledBy: string;
  /** The language of the text (the toolbar is in the page's). */
  lang: string;
  /** Called when the text holds something the visual editor cannot show (raw HTML, a component). */
  onUnsupported: () => void;
  texts: EditorTexts['markdownEditor'];
};

const inText = (target: EventTarget) => target instanceof HTMLElement && target.closest('[contenteditable="true"]') !== null;

/**
 * The visual Markdown editor (MDXEditor): headings, lists, quotes, links, bold and italic, which is
 * what the site's posts and vacancies use. Loaded with next/dynamic by the edit page alone.
 */
export default function MarkdownEditor({ markdown, onChange, labelledBy, lang, onUnsupported, texts }: MarkdownEditorProps) {
  const ref = useRef<MDXEditorMethods>(null);
  const root = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // MDXEditor puts its dialogs and lists here, inside this component, so its fixes and styles reach them.
  const [overlay, setOverlay] = useState<HTMLDivElement | null>(null);
  // The editor sets its own light colours on its root; in the site's dark mode it takes its dark ones.
  const { resolvedTheme } = useTheme();
  const hintId = `${labelledBy}-keys`;
  useEditorSemantics(root, {
    labelledBy,
    describedBy: hintId,
    lang,
    toolbarLabel: texts.toolbarLabel,
    linkDialogLabel: texts.createLink.dialogLabel,
  });

  const translation = (key: string, fallback: string, values: Record<string, string | number> = {}) => {
    let at: unknown = texts;
    for (const part of key.split('.')) at = typeof at === 'object' && at !== null ? Reflect.get(at, part) : undefined;
    return fill(typeof at === 'string' ? at : fallback.replaceAll('{{', '{').replaceAll('}}', '}'), values);
  };

  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    // IMPORTANT (WCAG 2.1.2): listsPlugin mounts Lexical's TabIndentationPlugin, which takes Tab and
    // Shift+Tab in the text and traps the keyboard there (in a list it keeps the key from the
    // browser whatever reaches it first). So the key is taken here, before the text sees it, and
    // focus moves as the browser would move it from any text field: to the next or previous
    // element in the tab order outside the text.
    if (event.key !== 'Tab' || event.ctrlKey || event.altKey || event.metaKey || !inText(event.target)) return;
    const text = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[contenteditable="true"]') : null;
    if (text === null) return;
    event.preventDefault();
    event.stopPropagation();
    const side = event.shiftKey ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING;
    const beside = tabbable(document.body).filter(
      (candidate: FocusableElement) => !text.contains(candidate) && (text.compareDocumentPosition(candidate) & side) !== 0,
    );
    (event.shiftKey ? beside.at(-1) : beside[0])?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target;
    if (event.key !== 'Escape' || !(target instanceof HTMLElement)) return;
    // Escape blurs the text and closes the block-type list without putting focus anywhere: it goes
    // to the frame (the text) or back to the list's button, never to <body>.
    const trigger = target.closest('[role="listbox"]')
      ? root.current?.querySelector<HTMLElement>('[role="toolbar"] [role="combobox"]')
      : null;
    const to = trigger ?? (inText(target) ? frame.current : null);
    if (!to) return;
    setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost) to.focus();
    });
  }

  return (
    <div ref={root} className="grid min-w-0 gap-2" onKeyDownCapture={onKeyDownCapture} onKeyDown={onKeyDown}>
      <div
        ref={frame}
        tabIndex={-1}
        className="min-w-0 rounded-xl border border-muted bg-page focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-fg [&_[role=toolbar]]:flex-wrap"
      >
        <MDXEditor
          ref={ref}
          className={resolvedTheme === 'dark' ? 'dark-theme' : undefined}
          overlayContainer={overlay}
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
            toolbarPlugin({ toolbarContents: () => <MarkdownToolbar texts={texts.toolbar} /> }),
          ]}
        />
      </div>
      <p id={hintId} className="text-sm text-muted">
        {texts.keyboardHint}
      </p>
      <div ref={setOverlay} />
    </div>
  );
}
