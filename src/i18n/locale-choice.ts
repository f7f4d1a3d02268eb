import { localeCookie, routing, type Locale } from './routing';

/** Set on <html> by the language script when the browser prefers the other language; CSS then shows the offer. */
export const LANGUAGE_OFFER_ATTRIBUTE = 'data-language-offer';

/** Stores a language the visitor picked. Browser only: called from the switch and the offer. */
export function rememberLocale(locale: Locale) {
  document.cookie = `${localeCookie.name}=${locale}; path=/; max-age=${localeCookie.maxAge}; samesite=${localeCookie.sameSite}`;
}

const prefixed = routing.locales.filter((locale) => locale !== routing.defaultLocale);

/**
 * Runs first in <body>, before anything paints. The server answers every visitor of a URL alike
 * (so a CDN can serve it), which leaves the two things that depend on the visitor to the browser:
 *  - a stored choice: someone who picked English and opens an unprefixed (Dutch) URL is sent to the
 *    same page under /en, before the Dutch page paints; a prefixed URL always wins, as before;
 *  - no choice yet: when the browser's languages name the other site language before this one, the
 *    offer to switch is shown (an attribute the offer's CSS reacts to). Never a redirect: search
 *    engines crawl with English browsers and must still see the Dutch pages.
 * Only the visitor's own click stores a choice (rememberLocale).
 */
export const languageScript = `(function(){
var h=document.documentElement,page=h.lang,L=${JSON.stringify(routing.locales)},P=${JSON.stringify(prefixed)};
var m=document.cookie.match(/(?:^|;\\s*)${localeCookie.name}=([^;]*)/),c=m&&m[1];
if(c&&L.indexOf(c)>=0){
  if(c!==page&&page===${JSON.stringify(routing.defaultLocale)}&&P.indexOf(c)>=0){
    var p=location.pathname;location.replace('/'+c+(p==='/'?'':p)+location.search+location.hash);
  }
  return;
}
var w=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''];
for(var i=0;i<w.length;i++){var b=String(w[i]).toLowerCase().split('-')[0];
  if(L.indexOf(b)>=0){if(b!==page)h.setAttribute(${JSON.stringify(LANGUAGE_OFFER_ATTRIBUTE)},b);return;}}
})();`;
