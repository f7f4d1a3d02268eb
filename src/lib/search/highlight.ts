// The passage of a search result marks each matched word with two private-use characters, chosen by
// search_content() in Postgres (which also removes them from stored text, so stored text cannot
// forge a highlight). The site splits on them and renders the marks itself: the passage is never
// parsed as HTML.

export const HIGHLIGHT_START = '\u{E000}';
export const HIGHLIGHT_STOP = '\u{E001}';

export type PassagePart = { text: string; marked: boolean };

/** The passage as plain-text parts, each marked or not; stray or unbalanced markers are dropped. */
export function splitHighlight(passage: string): PassagePart[] {
  const parts: PassagePart[] = [];
  let marked = false;
  let text = '';
  const push = () => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last !== undefined && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
    text = '';
  };
  for (const char of passage) {
    if (char === HIGHLIGHT_START || char === HIGHLIGHT_STOP) {
      push();
      marked = char === HIGHLIGHT_START;
    } else {
      text += char;
    }
  }
  push();
  return parts;
}
