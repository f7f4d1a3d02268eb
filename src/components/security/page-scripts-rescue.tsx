'use client';

import { useLayoutEffect } from 'react';

/**
 * Set on <html> where the page scripts could not run; what they drive carries the variant
 * `[[data-page-scripts-off]_&]:hidden`. Kept here, not beside the scripts: this is client code, and
 * the scripts' module pulls in the server's configuration.
 */
const PAGE_SCRIPTS_OFF_ATTRIBUTE = 'data-page-scripts-off';

/**
 * For the documents where the browser never ran the page scripts: when a page calls `notFound()`,
 * Next answers with its empty error shell and React renders the page in the browser
 * (vercel/next.js#62228), so the inline scripts arrive as elements React made, which browsers never
 * run. Where the page's policy has a nonce (Next's own scripts carry the attribute), each is
 * replaced by a fresh copy of itself, which does run: 'strict-dynamic' trusts a script that a
 * trusted one inserts. Elsewhere (a missing post, whose policy lists only the hashes found in its
 * HTML) a copy would be refused, so the controls that need the scripts are hidden instead, as
 * without JavaScript; analytics cannot load there either, so there is no consent to ask. A layout
 * effect, so either happens before the first paint of what React renders.
 */
export function PageScriptsRescue({ ids }: { ids: readonly string[] }) {
  useLayoutEffect(() => {
    if (window.bitwerfConsent) return;
    if (document.querySelector('script[nonce]') === null) {
      document.documentElement.setAttribute(PAGE_SCRIPTS_OFF_ATTRIBUTE, '');
      return;
    }
    for (const id of ids) {
      const inert = document.getElementById(id);
      if (!(inert instanceof HTMLScriptElement)) continue;
      const live = document.createElement('script');
      live.id = id;
      live.textContent = inert.textContent;
      inert.replaceWith(live);
    }
  }, [ids]);
  return null;
}
