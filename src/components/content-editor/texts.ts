import type messages from '../../../public/locales/nl/contentEditor.json';

/** The edit page's texts, formatted by the page's language; placeholders in braces are filled in by `fill`. */
export type EditorTexts = (typeof messages)['editor'] & { status: (typeof messages)['status'] };

/** Fills `{name}` placeholders: the editor's texts reach the browser as plain strings, without a formatting runtime. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
