// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import { COLOUR_MODE_STORAGE_KEY, COLOUR_MODE_TOGGLE_ATTRIBUTE, colourModeScript } from './colour-mode';

const html = document.documentElement;
const listeners: [string, EventListener][] = [];
const realAdd = document.addEventListener.bind(document);

/** A page whose colour-mode script has run, as the browser runs it: before the body is parsed. */
function openPage(body: string) {
  document.addEventListener = ((type: string, listener: EventListener) => {
    listeners.push([type, listener]);
    realAdd(type, listener);
  }) as typeof document.addEventListener;
  // While the HTML is parsed, as the browser runs the script: the document is still loading.
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  new Function(colourModeScript)();
  Reflect.deleteProperty(document, 'readyState');
  document.addEventListener = realAdd;
  document.body.innerHTML = body;
  document.dispatchEvent(new Event('DOMContentLoaded'));
}

const toggles = () => [...document.querySelectorAll(`[${COLOUR_MODE_TOGGLE_ATTRIBUTE}]`)];
const toggle = `<button role="switch" aria-checked="false" ${COLOUR_MODE_TOGGLE_ATTRIBUTE}><span>Donker</span></button>`;

afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) document.removeEventListener(type, listener);
  localStorage.clear();
  html.className = '';
  document.body.innerHTML = '';
});

describe('the colour-mode script', () => {
  it('keeps the page light without a stored choice, whatever the system prefers (spec §4)', () => {
    openPage(toggle);
    expect(html.classList.contains('dark')).toBe(false);
    expect(toggles()[0]?.getAttribute('aria-checked')).toBe('false');
  });

  it('applies a stored dark choice before the body exists, and marks every switch once parsed', () => {
    localStorage.setItem(COLOUR_MODE_STORAGE_KEY, 'dark');
    openPage(toggle + toggle);
    expect(html.classList.contains('dark')).toBe(true);
    expect(toggles().map((t) => t.getAttribute('aria-checked'))).toEqual(['true', 'true']);
  });

  it('answers a click on any switch without client code: the class, the store and every switch change', () => {
    openPage(toggle + toggle);
    document.querySelector('span')?.click();
    expect(html.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(COLOUR_MODE_STORAGE_KEY)).toBe('dark');
    expect(toggles().map((t) => t.getAttribute('aria-checked'))).toEqual(['true', 'true']);
    toggles()[1]?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(html.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(COLOUR_MODE_STORAGE_KEY)).toBe('light');
  });

  it('marks the switches at once where the document is already parsed (a page React rendered)', () => {
    localStorage.setItem(COLOUR_MODE_STORAGE_KEY, 'dark');
    document.body.innerHTML = toggle;
    new Function(colourModeScript)();
    expect(toggles()[0]?.getAttribute('aria-checked')).toBe('true');
  });

  it('ignores clicks elsewhere', () => {
    openPage(`${toggle}<button>Other</button>`);
    document.querySelectorAll('button')[1]?.click();
    expect(html.classList.contains('dark')).toBe(false);
  });
});
