// @ts-check

/*
 * A prerendered page's chunk scripts, run after its first paint instead of before it.
 *
 * Next writes each chunk as `<script src="/_next/static/chunks/….js" async="">` in the head. Async
 * scripts run the moment they arrive, so on a fast connection the chunks are evaluated and the page
 * hydrated before the browser first paints the text it already has; on a slow one they take the
 * bandwidth the styles and fonts of that paint need. The page is static text with a few
 * interactive leaves, so nothing on it needs a script to appear: here the chunk tags are taken out,
 * and one inline script at the end of the body adds them back once the first text has been painted
 * and the fonts are settled (or the block period of `font-display: optional` is over). The scripts
 * are the same, in the same async mode; only their start moves behind the paint. Not preloaded:
 * a preload finishes before the paint and its script then runs in the frame that would draw the
 * largest text, and the page is interactive at about the time it was before, when that text waited
 * for the scripts.
 *
 * IMPORTANT: plain JavaScript, for the cache handler that runs it outside the bundler. A page whose
 * scripts look otherwise (an asset prefix, a deployment query, no chunks) is left as it is.
 */

/** The attribute that carries the chunk list: read by the loader, and by the bench's first-load JS. */
export const CHUNKS_ATTRIBUTE = 'data-chunks-after-paint';

// A page rendered on demand carries the nonce of the request that rendered it; it is of no use in a
// page served to everyone (whose policy is by hash and 'self'), so it goes with the tag.
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/chunks\/[\w.-]+\.js)" async=""(?: nonce="[^"]*")?><\/script>/g;

/** How long text may wait for a web font before the browser paints it in the fallback (optional's block period). */
const FONT_BLOCK_MS = 100;
/** A page that has not painted by then (a browser without paint timing, say) runs its scripts anyway. */
const PAINT_WAIT_MS = 3000;

// Once the first text is painted (the paint timing entry comes after the frame) and the fonts are
// settled, the chunks are added. A page opened in a background tab paints only when shown, so it
// runs them at once. The same text on every page, so one hash in every page's policy; the list is
// in the attribute.
const LOADER = `(function(s){var d=document,w=window,done=false,go=function(){if(done)return;done=true;JSON.parse(s.getAttribute('${CHUNKS_ATTRIBUTE}')).forEach(function(u){var e=d.createElement('script');e.src=u;e.async=true;d.head.appendChild(e)})};if(d.visibilityState==='hidden'||!w.PerformanceObserver)return go();setTimeout(go,${PAINT_WAIT_MS});var t=new Promise(function(r){setTimeout(r,${FONT_BLOCK_MS})}),f=d.fonts?Promise.race([d.fonts.ready,t]):t,p=new Promise(function(r){try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)r()}).observe({type:'paint',buffered:true})}catch(e){r()}});Promise.all([f,p]).then(function(){setTimeout(go,0)})})(document.currentScript)`;

/**
 * The page with its chunk scripts run after the first paint; the same HTML when it has none
 * of Next's chunk tags or no closing body tag.
 * @param {string} html
 * @returns {string}
 */
export function scriptsAfterFirstPaint(html) {
  /** @type {string[]} */
  const chunks = [];
  const rest = html.replace(CHUNK_SCRIPT, (_tag, src) => {
    chunks.push(src);
    return '';
  });
  const bodyEnd = rest.lastIndexOf('</body>');
  if (chunks.length === 0 || bodyEnd === -1) return html;
  // The sources match CHUNK_SCRIPT's path characters, so the list needs no escaping inside the quotes.
  return `${rest.slice(0, bodyEnd)}<script ${CHUNKS_ATTRIBUTE}='${JSON.stringify(chunks)}'>${LOADER}</script>${rest.slice(bodyEnd)}`;
}
