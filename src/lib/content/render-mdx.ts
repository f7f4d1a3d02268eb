import 'server-only';
import { evaluate } from '@mdx-js/mdx';
import rehypeShiki from '@shikijs/rehype';
import type { Element, ElementContent } from 'hast';
import type { MDXContent } from 'mdx/types';
import { getTranslations } from 'next-intl/server';
import * as runtime from 'react/jsx-runtime';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeSlug from 'rehype-slug';

import type { Locale } from '@/i18n/routing';

/** The text of a heading, for the name of the link to its section. */
function textOf(node: Readonly<Element> | ElementContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/**
 * Compiles a content body to a server component. Pages are prerendered, so this (and shiki's
 * highlighting) runs at build time and the browser gets plain HTML with inline colours: no
 * client JavaScript for content.
 */
export async function renderMdx(body: string, locale: Locale): Promise<MDXContent> {
  // The text's own language: the link sits inside the text's lang, and names the heading it is for.
  const t = await getTranslations({ locale, namespace: 'common' });
  const { default: Content } = await evaluate(body, {
    ...runtime,
    rehypePlugins: [
      rehypeSlug,
      // A separate link beside each heading, not the heading wrapped in a link: a link that is the
      // heading's own text adds a tab stop that says nothing about what it does (WCAG 2.4.4).
      [
        rehypeAutolinkHeadings,
        {
          behavior: 'before',
          group: { type: 'element', tagName: 'div', properties: { className: ['heading-group'] }, children: [] },
          properties: (heading: Readonly<Element>) => ({
            className: ['heading-anchor'],
            ariaLabel: t('sectionLink', { heading: textOf(heading) }),
          }),
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
        },
      ],
    ],
  });
  return Content;
}
