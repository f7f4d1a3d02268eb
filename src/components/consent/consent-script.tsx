import { NonceScript } from '@/components/security/nonce-script';

import { CONSENT_ATTRIBUTE, CONSENT_STORAGE_KEY } from './consent-choice';

// Runs while the HTML is parsed, before the banner further down exists, so a returning visitor
// never sees it flash: the stored choice becomes an attribute on <html> that CSS hides the banner
// by. It also defines the one function that records a choice, so the banner's client code stays
// a couple of onClick handlers. localStorage can throw (privacy modes); then the banner just asks.
// Withdrawing consent also deletes the statistics cookies Google Analytics set, as the cookie
// statement says: _ga and _ga_<id>, on this host or on a parent domain (GA's automatic domain).
const script = `(function(){
var K=${JSON.stringify(CONSENT_STORAGE_KEY)},A=${JSON.stringify(CONSENT_ATTRIBUTE)},h=document.documentElement;
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
})();`;

/** The stored consent choice, applied before first paint. Must come after the analytics bootstrap. */
export function ConsentScript() {
  return <NonceScript id="consent-choice" code={script} />;
}
