import 'server-only';

import { languageScript } from '@/i18n/locale-choice';
import { analyticsBootstrap } from '@/lib/analytics/analytics-bootstrap';
import { consentScript } from '@/lib/consent/consent-script';
import { gaMeasurementId } from '@/lib/env/public';
import { colourModeScript } from '@/lib/theme/colour-mode';

import { scriptHash } from './script-policy.mjs';

/**
 * The inline scripts every page runs first in <body>, before anything paints, in this order: a
 * returning visitor's language (which may leave for /en at once), the colour mode, the analytics
 * consent defaults, then the stored consent choice. Each is a constant of the build, so every page
 * allows them by their hashes: prerendered pages find them in their own HTML, and pages rendered
 * per request get the same hashes from the proxy beside the nonce Next's own scripts carry.
 */
export const pageScripts = [
  { id: 'language-choice', code: languageScript },
  { id: 'colour-mode', code: colourModeScript },
  { id: 'gtag-consent-default', code: analyticsBootstrap(gaMeasurementId) },
  { id: 'consent-choice', code: consentScript },
] as const;

export const pageScriptHashes: readonly string[] = pageScripts.map(({ code }) => scriptHash(code));
