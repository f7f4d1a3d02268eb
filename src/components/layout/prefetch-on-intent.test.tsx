import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { prefetchOnIntent } from '@/lib/prefetch-on-intent';

import { PrefetchOnIntent } from './prefetch-on-intent';

const prefetch = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ prefetch }) }));

/** The links as next/link leaves them in the page, a marked one with its text in a child element. */
function renderPage() {
  window.history.replaceState(null, '', '/about-us');
  const links: [string, string, boolean][] = [
    ['/blog', 'Blog', true],
    ['/about-us', 'About', true],
    ['https://example.com/blog', 'Elsewhere', true],
    ['/blog/rss.xml', 'Feed', false],
  ];
  for (const [href, text, marked] of links) {
    const link = document.createElement('a');
    link.href = href;
    link.append(Object.assign(document.createElement('span'), { textContent: text }));
    if (marked) link.dataset.prefetch = prefetchOnIntent['data-prefetch'];
    document.body.append(link);
  }
  render(<PrefetchOnIntent />);
}

describe('PrefetchOnIntent', () => {
  beforeEach(() => prefetch.mockClear());
  afterEach(() => document.body.replaceChildren());

  it('prefetches nothing until a visitor shows intent', () => {
    renderPage();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it.each([
    ['a pointer over the link', (target: HTMLElement) => fireEvent.pointerOver(target)],
    ['focus on the link', (target: HTMLElement) => fireEvent.focusIn(target)],
    ['a touch', (target: HTMLElement) => fireEvent.touchStart(target)],
  ])('prefetches a marked page on %s, once', (_intent, show) => {
    renderPage();
    // The event starts at the text inside the link, as a real pointer's would.
    const text = screen.getByText('Blog');
    show(text);
    show(text);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/blog');
  });

  it('leaves alone the page already open, other origins and unmarked links', () => {
    renderPage();
    for (const name of ['About', 'Elsewhere', 'Feed']) fireEvent.pointerOver(screen.getByRole('link', { name }));
    expect(prefetch).not.toHaveBeenCalled();
  });
});
