import { NonceScript } from '@/components/security/nonce-script';
import { CONSENT_ATTRIBUTE, CONSENT_STORAGE_KEY } from './consent-choice';

// Runs while the HTML is parsed, before the banner further down exists, so a returning visitor
// never sees it flash: the stored choice becomes an attribute on <html> that CSS hides the banner
// by. It also defines the one function that records a choice, so the banner's client code stays
// a couple of onClick handlers. localStorage can throw (privacy modes); then the banner just asks.
const script = `(function(){
var K=${JSON.stringify(CONSENT_STORAGE_KEY)},A=${JSON.stringify(CONSENT_ATTRIBUTE)},h=document.documentElement;
function apply(c){
  h.setAttribute(A,c);
  gtag('consent','update',{analytics_storage:c});
  if(c==='granted')window.bitwerfLoadAnalytics();
}
window.bitwerfConsent=function(c){try{localStorage.setItem(K,c)}catch(e){}apply(c)};
var s=null;try{s=localStorage.getItem(K)}catch(e){}
if(s==='granted')apply(s);else if(s==='denied')h.setAttribute(A,s);
})();`;

/** The stored consent choice, applied before first paint. Must come after the analytics bootstrap. */
export function ConsentScript() {
  return <NonceScript id="consent-choice" code={script} />;
}
