import { NonceScript } from '@/components/security/nonce-script';
import { gaMeasurementId } from '@/lib/public-env';

// Google Consent Mode v2 defaults, on every page: every category denied. The defaults are set
// here, synchronously and first, but gtag.js itself is NOT loaded here: under the AVG and the
// Telecommunicatiewet no analytics request may leave the browser and no _ga cookie may be set
// before the visitor consents. So `bitwerfLoadAnalytics` only prepares the loader; the consent
// script calls it after an "accept" (now or remembered from an earlier visit), having first pushed
// the analytics_storage update. The queue then reads: default denied → update granted → js/config,
// so the first page_view is already sent with consent. Ads categories are never updated.
const bootstrap = `
window.dataLayer = window.dataLayer || [];
function gtag(){dataLayer.push(arguments);}
window.gtag = gtag;
gtag('consent', 'default', {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'denied'
});
window.bitwerfLoadAnalytics = function () {
  if (window.bitwerfLoadAnalytics.done) return;
  window.bitwerfLoadAnalytics.done = true;
  gtag('js', new Date());
  gtag('config', ${JSON.stringify(gaMeasurementId)});
  var s = document.createElement('script');
  s.async = true;
  s.src = 'https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(${JSON.stringify(gaMeasurementId)});
  document.head.appendChild(s);
};
`;

/** The analytics tag's consent defaults and its (consent-gated) loader; render before ConsentScript. */
export function GoogleAnalytics() {
  return <NonceScript id="gtag-consent-default" code={bootstrap} />;
}
