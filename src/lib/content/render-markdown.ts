import rehypeShiki from '@shikijs/rehype';
import type { Element, ElementContent } from 'hast';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';

import { rehypeContentImages, type RehypeContentImagesOptions } from './rehype-content-images';

/** The longest code line that gets colours (characters). */
export const CODE_LINE_MAX_HIGHLIGHTED = 1000;

/** The words the rendered text needs, in the text's own language. */
export type RenderTexts = {
  /** The accessible name of the link beside a heading, naming that heading. */
  sectionLink: (heading: string) => string;
};

/** The text of a heading, for the name of the link to its section. */
function textOf(node: Readonly<Element> | ElementContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/**
 * What staff may write beyond Markdown: the sanitizer's default allow list (GitHub's), so no
 * script, style, iframe, form or event attribute, and only http(s), mailto and relative URLs. A
 * script or style element goes with its text, so no CSS or code shows up as words on the page.
 */
export const sanitizeSchema = { ...defaultSchema, strip: [...(defaultSchema.strip ?? []), 'style'] };

/**
 * Plugins that run on the sanitized tree: they are ours, so what they add (ids, the section links,
 * shiki's inline colours) is trusted and must not be stripped again.
 */
export function trustedPlugins(texts: RenderTexts): PluggableList {
  return [
    rehypeSlug,
    // A separate link beside each heading, not the heading wrapped in a link: a link that is the
    // heading's own text adds a tab stop that says nothing about what it does (WCAG 2.4.4).
    [
      rehypeAutolinkHeadings,
      {
        behavior: 'before',
        group: { type: 'element', tagName: 'div', properties: { className: ['heading-group'] }, children: [] },
        properties: (heading: Readonly<Element>) => ({ className: ['heading-anchor'], ariaLabel: texts.sectionLink(textOf(heading)) }),
        content: { type: 'element', tagName: 'span', properties: { ariaHidden: 'true' }, children: [{ type: 'text', value: '#' }] },
      },
    ],
    [
      rehypeShiki,
      {
        // Both palettes are inlined (the dark one as --shiki-dark); globals.css switches on .dark.
        // The high-contrast variants: the regular GitHub themes have tokens below WCAG AA.
        themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
        defaultColor: 'light',
        langs: ['ts', 'tsx', 'js', 'bash', 'json', 'sql', 'yaml', 'diff'],
        // Shiki gives up on a line after half a second of tokenizing by default, and the lines after
        // it come out in the wrong colours: how a post is highlighted would depend on how busy the
        // server is when it renders the page. No time limit, then, and a bound that depends on the
        // text alone: a line longer than this is shown without colours.
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: CODE_LINE_MAX_HIGHLIGHTED,
      },
    ],
  ];
}

/**
 * A content body (GitHub-flavoured Markdown, as staff write it) to HTML. Server only in practice:
 * pages render it when they are (re)generated, so the browser gets plain HTML with inline colours
 * and no client JavaScript for content. Raw HTML is parsed, then everything outside the sanitizer's
 * allow list is dropped before any of our own plugins run.
 */
export async function renderMarkdown(body: string, texts: RenderTexts, images?: RehypeContentImagesOptions): Promise<string> {
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    .use(rehypeSanitize, sanitizeSchema)
    // After the sanitizer: the attributes it adds come from the library's rows, not from the text.
    .use(images === undefined ? [] : [[rehypeContentImages, images]])
    .use(trustedPlugins(texts))
    .use(rehypeStringify)
    .process(body);
  return String(file);
}
