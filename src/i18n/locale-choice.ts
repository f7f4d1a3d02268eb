import { localeCookie, routing } from './routing';

/** Set on <html> by the language script when the browser prefers the other language; CSS then shows the offer. */
export const LANGUAGE_OFFER_ATTRIBUTE = 'data-language-offer';

/** On every link or button that is the visitor's choice of a language, with that language. */
export const LOCALE_CHOICE_ATTRIBUTE = 'data-locale-choice';

const prefixed = routing.locales.filter((locale) => locale !== routing.defaultLocale);

/**
 * Runs first in <body>, before anything paints. The server answers every visitor of a URL alike
 * (so a CDN can serve it), which leaves the two things that depend on the visitor to the browser:
 *  - a stored choice: someone who picked English and opens an unprefixed (Dutch) URL is sent to the
 *    same page under /en, before the Dutch page paints; a prefixed URL always wins, as before;
 *  - no choice yet: when the browser's languages name the other site language before this one, the
 *    offer to switch is shown (an attribute the offer's CSS reacts to). Never a redirect: search
 *    engines crawl with English browsers and must still see the Dutch pages.
 * Only the visitor's own click stores a choice: a plain click on anything marked with the choice
 * attribute (the flags, the offer's two answers), answered here by a listener on the document, so
 * it holds from the first paint, before React hydrates. The offer's "stay" button also closes the
 * offer and moves focus on to the content.
 */
export const languageScript = `(function(){
var h=document.documentElement,page=h.lang,L=${JSON.stringify(routing.locales)},P=${JSON.stringify(prefixed)},C=${JSON.stringify(LOCALE_CHOICE_ATTRIBUTE)},O=${JSON.stringify(LANGUAGE_OFFER_ATTRIBUTE)};
document.addEventListener('click',function(e){
  var t=e.target instanceof Element?e.target.closest('['+C+']'):null,l=t&&t.getAttribute(C);
  if(!t||L.indexOf(l)<0||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
  document.cookie=${JSON.stringify(`${localeCookie.name}=`)}+l+${JSON.stringify(`; path=/; max-age=${localeCookie.maxAge}; samesite=${localeCookie.sameSite}`)};
  if(t.tagName==='BUTTON'){h.removeAttribute(O);var m=document.getElementById('content');if(m)m.focus({preventScroll:true})}
});
var m=document.cookie.match(/(?:^|;\\s*)${localeCookie.name}=([^;]*)/),c=m&&m[1];
if(c&&L.indexOf(c)>=0){
  if(c!==page&&page===${JSON.stringify(routing.defaultLocale)}&&P.indexOf(c)>=0){
    var p=location.pathname;location.replace('/'+c+(p==='/'?'':p)+location.search+location.hash);
  }
  return;
}
var w=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''];
for(var i=0;i<w.length;i++){var b=String(w[i]).toLowerCase().split('-')[0];
  if(L.indexOf(b)>=0){if(b!==page)h.setAttribute(O,b);return;}}
})();`;
