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
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { tabbable, type FocusableElement } from 'tabbable';

import { useDarkMode } from '@/components/layout/use-dark-mode';

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

/** Once the editor and its lists have handled a key: after the next frame. */
const afterTheEditor = (then: () => void) => requestAnimationFrame(() => setTimeout(then));

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
  const dark = useDarkMode();
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
    if (event.key === 'Escape') keepFocusAfterEscape(event.target);
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
    const to = event.shiftKey ? beside.at(-1) : beside[0];
    if (to === undefined) return;
    // The caret goes first: Lexical gives the text the focus back whenever it commits a selection
    // while the page's selection is still in the text.
    window.getSelection()?.removeAllRanges();
    to.focus();
  }

  /**
   * Escape blurs the text without putting focus anywhere: it goes to the frame, never to <body>.
   * Seen in the capture phase, because the text handles the key itself and lets it go no further;
   * the focus is checked once it has, after the next frame.
   */
  function keepFocusAfterEscape(target: EventTarget) {
    if (!inText(target)) return;
    afterTheEditor(() => {
      if (document.activeElement === null || document.activeElement === document.body) frame.current?.focus();
    });
  }

  // Escape in the block-type list closes it and leaves focus nowhere; it goes back to the list's
  // button. On the window, before anything else hears the key: the list closes on the document's
  // own listener, and is gone before React would pass the event on.
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !(event.target instanceof HTMLElement) || !event.target.closest('[role="listbox"]')) return;
      const trigger = root.current?.querySelector<HTMLElement>('[role="toolbar"] [role="combobox"][aria-expanded="true"]');
      if (trigger) afterTheEditor(() => trigger.focus());
    };
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, []);

  return (
    <div ref={root} className="grid min-w-0 gap-2" onKeyDownCapture={onKeyDownCapture}>
      <div
        ref={frame}
        tabIndex={-1}
        className="min-w-0 rounded-xl border border-muted bg-page focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-fg [&_[role=toolbar]]:flex-wrap"
      >
        <MDXEditor
          ref={ref}
          className={dark ? 'dark-theme' : undefined}
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
