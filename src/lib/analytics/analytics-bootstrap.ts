import { PRIVATE_PATH } from './private-pages';

// Google Consent Mode v2 defaults, on every page: every category denied. The defaults are set
// here, synchronously and first, but gtag.js itself is NOT loaded here: under the AVG and the
// Telecommunicatiewet no analytics request may leave the browser and no _ga cookie may be set
// before the visitor consents. So `bitwerfLoadAnalytics` only prepares the loader; the consent
// script calls it after an "accept" (now or remembered from an earlier visit), having first pushed
// the analytics_storage update. The queue then reads: default denied → update granted → js/config,
// so the first page_view is already sent with consent. Ads categories are never updated.
//
// The loader refuses private pages (lib/analytics/private-pages.ts), whose address or title must
// not reach Google. Once the tag runs in a document, a click to a private page is kept from the
// app's router (its listener sits below the window), so the browser loads that page afresh,
// without the tag; any other way the app reaches a private address (a redirect, back and
// forward) switches the tag off for the rest of the document with Google's documented
// `ga-disable-<id>` flag. The history hooks run before gtag.js's own, which it adds later.
export function analyticsBootstrap(measurementId: string): string {
  return `
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
(function () {
  var id = ${JSON.stringify(measurementId)};
  var privatePath = new RegExp(${JSON.stringify(PRIVATE_PATH.source)});
  var loaded = false;
  function isPrivate(url) {
    try {
      var u = new URL(url, location.href);
      return u.origin === location.origin && privatePath.test(u.pathname);
    } catch (e) {
      return false;
    }
  }
  function offIfPrivate(url) {
    if (isPrivate(url)) window['ga-disable-' + id] = true;
  }
  window.bitwerfLoadAnalytics = function () {
    if (loaded || privatePath.test(location.pathname)) return;
    loaded = true;
    window.bitwerfLoadAnalytics.done = true;
    window.addEventListener('click', function (e) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      var a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (a && !a.target && !a.hasAttribute('download') && isPrivate(a.href)) e.stopPropagation();
    }, true);
    ['pushState', 'replaceState'].forEach(function (name) {
      var original = history[name];
      history[name] = function (state, title, url) {
        if (url !== undefined && url !== null) offIfPrivate(String(url));
        return original.apply(this, arguments);
      };
    });
    window.addEventListener('popstate', function () { offIfPrivate(location.href); });
    gtag('js', new Date());
    gtag('config', id);
    var s = document.createElement('script');
    s.async = true;
    s.src = 'https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(id);
    document.head.appendChild(s);
  };
})();
`;
}
