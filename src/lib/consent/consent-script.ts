import {
  CONSENT_ATTRIBUTE,
  CONSENT_CHOICE_ATTRIBUTE,
  CONSENT_OPENER_ATTRIBUTE,
  CONSENT_REOPEN_ATTRIBUTE,
  CONSENT_STORAGE_KEY,
} from './consent-choice';

/**
 * Runs while the HTML is parsed, before the banner further down exists, so a returning visitor
 * never sees it flash: the stored choice becomes an attribute on <html> that CSS hides the banner
 * by. It answers the banner's two buttons and every "cookie settings" button by a listener on the
 * document, so a choice works from the first paint, before React hydrates and on a page where it
 * never does; the buttons themselves are server HTML without any client code.
 *
 * After a choice the banner disappears: focus goes back to the button that reopened it, or on to
 * the content on a first visit, instead of being lost. localStorage can throw (privacy modes); the
 * choice then holds for this page only. Withdrawing consent also deletes the statistics cookies
 * Google Analytics set, as the cookie statement says: _ga and _ga_<id>, on this host or on a parent
 * domain (GA's automatic domain). Must run after the analytics bootstrap, which defines gtag.
 */
export const consentScript = `(function(){
var K=${JSON.stringify(CONSENT_STORAGE_KEY)},A=${JSON.stringify(CONSENT_ATTRIBUTE)},O=${JSON.stringify(CONSENT_OPENER_ATTRIBUTE)},h=document.documentElement;
function apply(c){
  h.setAttribute(A,c);
  gtag('consent','update',{analytics_storage:c});
  if(c==='granted')window.bitwerfLoadAnalytics();
}
function forget(){
  var p=location.hostname.split('.'),d=[''],i;
  for(i=0;i<p.length-1;i++)d.push('; Domain=.'+p.slice(i).join('.'));
  document.cookie.split(';').forEach(function(c){
    var n=c.split('=')[0].trim();
    if(n==='_ga'||n.indexOf('_ga_')===0)d.forEach(function(x){document.cookie=n+'=; Max-Age=0; Path=/'+x});
  });
}
window.bitwerfConsent=function(c){try{localStorage.setItem(K,c)}catch(e){}apply(c);if(c==='denied')forget()};
var s=null;try{s=localStorage.getItem(K)}catch(e){}
if(s==='granted')apply(s);else if(s==='denied')h.setAttribute(A,s);
document.addEventListener('click',function(e){
  var t=e.target instanceof Element?e.target:null,b=t&&t.closest(${JSON.stringify(`[${CONSENT_CHOICE_ATTRIBUTE}]`)}),r=t&&t.closest(${JSON.stringify(`[${CONSENT_REOPEN_ATTRIBUTE}]`)});
  if(b){
    var c=b.getAttribute(${JSON.stringify(CONSENT_CHOICE_ATTRIBUTE)});if(c!=='granted'&&c!=='denied')return;
    window.bitwerfConsent(c);
    var o=document.querySelector('['+O+']'),m=document.getElementById('content');
    if(o){o.removeAttribute(O);o.focus()}else if(m)m.focus({preventScroll:true});
  }else if(r){
    document.querySelectorAll('['+O+']').forEach(function(x){x.removeAttribute(O)});
    r.setAttribute(O,'');h.removeAttribute(A);
    var n=document.getElementById('consent-banner');if(n)n.focus();
  }
});
})();`;
