// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import { analyticsBootstrap } from '@/lib/analytics/analytics-bootstrap';

import { CONSENT_ATTRIBUTE, CONSENT_CHOICE_ATTRIBUTE, CONSENT_REOPEN_ATTRIBUTE, CONSENT_STORAGE_KEY } from './consent-choice';
import { consentScript } from './consent-script';

const html = document.documentElement;
const listeners: EventListener[] = [];
const realAdd = document.addEventListener.bind(document);

/** A page whose inline scripts ran first, as in the layout: the analytics bootstrap, then consent. */
function openPage() {
  document.addEventListener = ((type: string, listener: EventListener) => {
    listeners.push(listener);
    realAdd(type, listener);
  }) as typeof document.addEventListener;
  new Function(analyticsBootstrap('G-TEST123'))();
  new Function(consentScript)();
  document.addEventListener = realAdd;
  document.body.innerHTML = `
    <section id="consent-banner" tabindex="-1">
      <button ${CONSENT_CHOICE_ATTRIBUTE}="denied">Weigeren</button>
      <button ${CONSENT_CHOICE_ATTRIBUTE}="granted">Accepteren</button>
    </section>
    <main id="content" tabindex="-1"><button ${CONSENT_REOPEN_ATTRIBUTE}>Cookie-instellingen</button></main>`;
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
const gtagLoaded = () => document.head.querySelector('script[src*="googletagmanager.com/gtag/js"]') !== null;

afterEach(() => {
  for (const listener of listeners.splice(0)) document.removeEventListener('click', listener);
  localStorage.clear();
  html.removeAttribute(CONSENT_ATTRIBUTE);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete window.bitwerfLoadAnalytics;
});

describe('the consent script', () => {
  it('records a refusal from a click on the banner, before any client code, and moves on to the content', () => {
    openPage();
    button('Weigeren')?.click();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
    expect(html.getAttribute(CONSENT_ATTRIBUTE)).toBe('denied');
    expect(document.activeElement?.id).toBe('content');
    expect(gtagLoaded()).toBe(false);
  });

  it('loads analytics only after an acceptance', () => {
    openPage();
    expect(gtagLoaded()).toBe(false);
    button('Accepteren')?.click();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(gtagLoaded()).toBe(true);
  });

  it('reopens the banner from "cookie settings", and returns focus there after the new choice', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted');
    openPage();
    expect(html.getAttribute(CONSENT_ATTRIBUTE)).toBe('granted');
    const settings = button('Cookie-instellingen');
    settings?.click();
    expect(html.hasAttribute(CONSENT_ATTRIBUTE)).toBe(false);
    expect(document.activeElement?.id).toBe('consent-banner');
    button('Weigeren')?.click();
    expect(html.getAttribute(CONSENT_ATTRIBUTE)).toBe('denied');
    expect(document.activeElement).toBe(settings);
  });
});
