'use client';

import {
  applyFormat$,
  applyListType$,
  BlockTypeSelect,
  ButtonWithTooltip,
  CreateLink,
  currentFormat$,
  currentListType$,
  iconComponentFor$,
  IS_BOLD,
  IS_ITALIC,
  UndoRedo,
  useCellValues,
  usePublisher,
} from '@mdxeditor/editor';

import type { EditorTexts } from './texts';

type ToolbarTexts = EditorTexts['markdownEditor']['toolbar'];

/** Marks a group whose Radix single-choice toggles are plain buttons; useEditorSemantics drops their radio roles. */
export const PLAIN_BUTTONS = 'data-plain-buttons';

/**
 * The visual editor's toolbar. MDXEditor's own bold, italic and list controls are Radix
 * single-choice toggle groups, exposed as radio buttons "1 of 1"; these are toolbar buttons with
 * aria-pressed and one name whether on or off, on MDXEditor's own state and commands.
 */
export function MarkdownToolbar({ texts: t }: { texts: ToolbarTexts }) {
  return (
    <>
      {/* Undo and redo are actions; their Lexical commands are not in MDXEditor's API, so its own
          buttons stay and lose their radio roles (useEditorSemantics). */}
      <div {...{ [PLAIN_BUTTONS]: '' }} className="contents">
        <UndoRedo />
      </div>
      <FormatToggle format={IS_BOLD} name="bold" icon="format_bold" label={t.bold} />
      <FormatToggle format={IS_ITALIC} name="italic" icon="format_italic" label={t.italic} />
      <BlockTypeSelect />
      <ListToggle type="bullet" icon="format_list_bulleted" label={t.bulletedList} />
      <ListToggle type="number" icon="format_list_numbered" label={t.numberedList} />
      <CreateLink />
    </>
  );
}

function FormatToggle({
  format,
  name,
  icon,
  label,
}: {
  format: number;
  name: 'bold' | 'italic';
  icon: 'format_bold' | 'format_italic';
  label: string;
}) {
  const [currentFormat, iconComponentFor] = useCellValues(currentFormat$, iconComponentFor$);
  const applyFormat = usePublisher(applyFormat$);
  return (
    <ButtonWithTooltip title={label} aria-pressed={(currentFormat & format) !== 0} onClick={() => applyFormat(name)}>
      {iconComponentFor(icon)}
    </ButtonWithTooltip>
  );
}

function ListToggle({
  type,
  icon,
  label,
}: {
  type: 'bullet' | 'number';
  icon: 'format_list_bulleted' | 'format_list_numbered';
  label: string;
}) {
  const [currentListType, iconComponentFor] = useCellValues(currentListType$, iconComponentFor$);
  const applyListType = usePublisher(applyListType$);
  const pressed = currentListType === type;
  return (
    <ButtonWithTooltip title={label} aria-pressed={pressed} onClick={() => applyListType(pressed ? '' : type)}>
      {iconComponentFor(icon)}
    </ButtonWithTooltip>
  );
}
