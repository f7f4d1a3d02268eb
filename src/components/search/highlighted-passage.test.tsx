import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { HIGHLIGHT_START as START, HIGHLIGHT_STOP as STOP, splitHighlight } from '@/lib/search/highlight';

import { HighlightedPassage } from './highlighted-passage';

function renderPassage(passage: string) {
  return render(<HighlightedPassage parts={splitHighlight(passage)} />).container;
}

describe('a search result’s passage', () => {
  it('marks the matched words and nothing else', () => {
    const container = renderPassage(`We ship ${START}software${STOP} that ${START}works${STOP}.`);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['software', 'works']);
    expect(container.textContent).toBe('We ship software that works.');
  });

  it('shows stored HTML as text, inside and outside a mark, and never as elements', () => {
    const container = renderPassage(`<img src=x onerror=alert(1)> ${START}<script>alert(2)</script>${STOP} <b>bold</b>`);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(screen.getByText('<script>alert(2)</script>').tagName).toBe('MARK');
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> <script>alert(2)</script> <b>bold</b>');
  });

  it('drops unbalanced markers instead of marking the rest of the passage or showing them', () => {
    expect(splitHighlight(`a ${STOP}b ${START}c${START}d${STOP} e ${START}`)).toEqual([
      { text: 'a b ', marked: false },
      { text: 'cd', marked: true },
      { text: ' e ', marked: false },
    ]);
  });
});
