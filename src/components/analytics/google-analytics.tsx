import Script from 'next/script';
import { gaMeasurementId } from '@/lib/public-env';

// Google Consent Mode v2: every category is denied until the visitor grants consent
// (the consent banner updates it). gtag.js queues these calls through dataLayer, so the
// defaults apply before the library itself has loaded.
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
  security_storage: 'denied',
  wait_for_update: 500
});
gtag('js', new Date());
gtag('config', ${JSON.stringify(gaMeasurementId)});
`;

/** The analytics tag on every page, loaded after the page so it never blocks rendering. */
export function GoogleAnalytics() {
  return (
    <>
      <Script id="gtag-consent-default" strategy="afterInteractive">
        {bootstrap}
      </Script>
      <Script
        id="gtag-js"
        src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`}
        strategy="lazyOnload"
      />
    </>
  );
}
