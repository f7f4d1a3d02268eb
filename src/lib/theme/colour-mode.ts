/**
 * The colour mode (spec §4): light by default, dark on the visitor's choice, the system preference
 * not followed. The choice lives in localStorage under "theme" (the key the site used before, so
 * returning visitors keep theirs) and shows as the `dark` class on <html>, which the CSS's dark
 * variant reads.
 */
export const COLOUR_MODE_STORAGE_KEY = 'theme';

/** Marks every switch the colour-mode script answers. */
export const COLOUR_MODE_TOGGLE_ATTRIBUTE = 'data-colour-mode-toggle';

/**
 * Runs first in <body>, before anything paints, so a dark page is never drawn light first. It also
 * answers every switch by a listener on the document: the switch works from the first paint,
 * before React has hydrated anything, and on a page where it never does. A switch is a button with
 * role="switch"; its aria-checked is set once the document is parsed (at once where it already is) and on every change, and the
 * client leaf (theme-toggle.tsx) keeps it after React renders it. Transitions are switched off for
 * the moment of the change, so the page changes colour at once instead of element by element.
 * localStorage can throw (privacy modes); then the choice holds for this page only.
 */
export const colourModeScript = `(function(){
var K=${JSON.stringify(COLOUR_MODE_STORAGE_KEY)},T=${JSON.stringify(`[${COLOUR_MODE_TOGGLE_ATTRIBUTE}]`)},h=document.documentElement,s=null;
try{s=localStorage.getItem(K)}catch(e){}
if(s==='dark')h.classList.add('dark');
function mark(){var d=String(h.classList.contains('dark'));document.querySelectorAll(T).forEach(function(b){b.setAttribute('aria-checked',d)})}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',mark);else mark();
document.addEventListener('click',function(e){
  var b=e.target instanceof Element?e.target.closest(T):null;if(!b)return;
  var d=!h.classList.contains('dark'),st=document.createElement('style');
  st.textContent='*,*::before,*::after{transition:none!important}';document.head.appendChild(st);
  h.classList.toggle('dark',d);try{localStorage.setItem(K,d?'dark':'light')}catch(e){}
  mark();getComputedStyle(document.body);setTimeout(function(){st.remove()},1);
});
})();`;
