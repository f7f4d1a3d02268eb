import { parse, type HTMLElement } from 'node-html-parser';

/**
 * The parts of a page that its document (home, about) and the messages render, as HTML to compare
 * byte for byte: the page's title and description, and its <main> without what other collections
 * put there (the case cards, the latest posts, the open vacancies), which other specs change while
 * this one runs. Nonces and scripts are taken out: they differ on every response.
 */
export function pageDocumentHtml(html: string): string {
  const root = parse(html, { comment: false });
  const head = ['title', 'meta[name="description"]', 'meta[property="og:title"]', 'meta[property="og:description"]']
    .map((selector) => root.querySelector(selector)?.toString() ?? `<!-- no ${selector} -->`)
    .join('\n');
  const main = root.querySelector('main');
  if (main === null) throw new Error('the page has no <main>');
  const leaveOut = [
    'script',
    'section[aria-labelledby="latest-posts-title"]',
    'section[aria-labelledby="open-vacancies-title"]',
    '#work ul',
  ];
  for (const selector of leaveOut) for (const element of main.querySelectorAll(selector)) element.remove();
  for (const element of main.querySelectorAll('[nonce]')) element.removeAttribute('nonce');
  return `${head}\n${pretty(main)}`;
}

/** One element per line, so a failing comparison points at the text that differs. */
function pretty(element: HTMLElement): string {
  return element.toString().replaceAll(/>\s*</g, '>\n<');
}
