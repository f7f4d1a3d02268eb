// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import { analyticsBootstrap } from './analytics-bootstrap';

const id = 'G-TEST123';
/** Google's documented opt-out flag, a window property named after the measurement id. */
const disabledFlag = () => Reflect.get(window, `ga-disable-${id}`);

/** A fresh page at `path`: the bootstrap runs as the inline script does, then consent is given. */
function openPage(path: string) {
  window.history.replaceState(null, '', path);
  new Function(analyticsBootstrap(id))();
  window.bitwerfLoadAnalytics?.();
}

const tagLoaded = () => document.head.querySelector('script[src*="googletagmanager.com/gtag/js"]') !== null;

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete window.bitwerfLoadAnalytics;
  Reflect.deleteProperty(window, `ga-disable-${id}`);
});

// Private pages hold tokens in their address (e-mailed links) and people's details in their
// titles: analytics, which reports both, must never run there (review 2, finding 3).
describe('the analytics bootstrap', () => {
  it('loads the tag after consent on a public page', () => {
    openPage('/en/vacancies');
    expect(tagLoaded()).toBe(true);
  });

  it.each(['/en/account/applications/1', '/sign-in', '/reset-password', '/applications/withdraw/confirm', '/en/applications/retry'])(
    'never loads it on %s, consent or not',
    (path) => {
      openPage(path);
      expect(tagLoaded()).toBe(false);
    },
  );

  it('makes a link from a tracked page to a private one a full page load, which the app never sees', () => {
    openPage('/en/vacancies');
    const link = Object.assign(document.createElement('a'), { href: '/en/account' });
    const publicLink = Object.assign(document.createElement('a'), { href: '/en/blog' });
    document.body.append(link, publicLink);
    const seenByApp: string[] = [];
    // React listens at its root, below the window: the bootstrap stops the click before it.
    document.body.addEventListener('click', (event) => {
      seenByApp.push(new URL((event.target as HTMLAnchorElement).href).pathname);
      event.preventDefault();
    });
    link.click();
    publicLink.click();
    expect(seenByApp).toEqual(['/en/blog']);
  });

  it('switches the tag off for good when the app moves to a private address by itself', () => {
    openPage('/en/vacancies');
    window.history.pushState(null, '', '/en/blog');
    expect(disabledFlag()).toBeUndefined();
    window.history.pushState(null, '', '/en/account');
    expect(disabledFlag()).toBe(true);
    window.history.pushState(null, '', '/en/blog');
    expect(disabledFlag()).toBe(true);
  });
});
