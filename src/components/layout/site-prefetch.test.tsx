import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sitePrefetch } from '@/lib/site-prefetch';

import { SitePrefetch } from './site-prefetch';

const prefetch = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ prefetch }), usePathname: () => '/about-us' }));

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
    if (marked) link.dataset.prefetch = sitePrefetch['data-prefetch'];
    document.body.append(link);
  }
  render(<SitePrefetch />);
}

describe('SitePrefetch, on intent', () => {
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

/** An IntersectionObserver that reports what the test says is near the viewport, and the idle callback the test runs. */
function nearViewport(near: string[]) {
  const idle: (() => void)[] = [];
  const observers: { rootMargin?: string; observed: Element[] }[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => {});
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observed: Element[] = [];
      constructor(
        private readonly report: (entries: { target: Element; isIntersecting: boolean }[]) => void,
        options: { rootMargin?: string },
      ) {
        observers.push({ rootMargin: options.rootMargin, observed: this.observed });
      }
      observe(target: Element) {
        this.observed.push(target);
        const href = target.getAttribute('href') ?? '';
        this.report([{ target, isIntersecting: near.includes(href) }]);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return { runIdle: () => idle.splice(0).forEach((run) => run()), observers };
}

describe('SitePrefetch, near the viewport', () => {
  beforeEach(() => prefetch.mockClear());
  afterEach(() => {
    // Unmounted while the stand-ins are still there: the effect's cleanup cancels its idle callback.
    cleanup();
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  it('prefetches the marked pages within 200px of the viewport, only once the page is idle', () => {
    const { runIdle, observers } = nearViewport(['/blog', '/blog/rss.xml']);
    renderPage();
    expect(prefetch).not.toHaveBeenCalled();
    runIdle();
    expect(observers.map((o) => o.rootMargin)).toEqual(['200px']);
    // The feed is near too, but unmarked: never observed.
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/blog');
  });

  it.each([
    ['Save-Data', { saveData: true }],
    ['a 2G connection', { effectiveType: '2g' }],
    ['a slow 2G connection', { effectiveType: 'slow-2g' }],
  ])('prefetches nothing ahead on %s, and still on intent', (_what, connection) => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { connection }));
    const { runIdle, observers } = nearViewport(['/blog']);
    renderPage();
    runIdle();
    expect(observers).toEqual([]);
    expect(prefetch).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByText('Blog'));
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/blog');
  });
});
