import { CONSENT_REOPEN_ATTRIBUTE } from '@/lib/consent/consent-choice';
import { pageScripts } from '@/lib/security/page-scripts';
import { COLOUR_MODE_TOGGLE_ATTRIBUTE } from '@/lib/theme/colour-mode';

import { PageScriptsRescue } from './page-scripts-rescue';

/**
 * What only the page scripts drive: a control must not do nothing, so it is hidden where they never
 * run. Where they could not run with scripts on, each of these carries the variant
 * `[[data-page-scripts-off]_&]:hidden` (see page-scripts-rescue.tsx).
 */
const withoutScripts = `#consent-banner,[${CONSENT_REOPEN_ATTRIBUTE}],[${COLOUR_MODE_TOGGLE_ATTRIBUTE}]{display:none}`;

const scriptIds = pageScripts.map(({ id }) => id);

/**
 * The page's own inline scripts (lib/security/page-scripts.ts), synchronous and first in <body>.
 * No nonce: every page allows them by their hashes, so a server component renders them.
 */
export function PageScripts() {
  return (
    <>
      {pageScripts.map(({ id, code }) => (
        <script key={id} id={id} dangerouslySetInnerHTML={{ __html: code }} />
      ))}
      <PageScriptsRescue ids={scriptIds} />
      {/* Without JavaScript nothing is ever loaded from Google, so there is no consent to ask. */}
      <noscript>
        <style>{withoutScripts}</style>
      </noscript>
    </>
  );
}
