import 'server-only';
import { evaluate } from '@mdx-js/mdx';
import rehypeShiki from '@shikijs/rehype';
import type { MDXContent } from 'mdx/types';
import * as runtime from 'react/jsx-runtime';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeSlug from 'rehype-slug';

/**
 * Compiles a content body to a server component. Pages are prerendered, so this (and shiki's
 * highlighting) runs at build time and the browser gets plain HTML with inline colours: no
 * client JavaScript for content.
 */
export async function renderMdx(body: string): Promise<MDXContent> {
  const { default: Content } = await evaluate(body, {
    ...runtime,
    rehypePlugins: [
      rehypeSlug,
      // The heading text itself becomes the link, so the heading keeps its plain accessible name.
      [rehypeAutolinkHeadings, { behavior: 'wrap', properties: { className: ['heading-anchor'] } }],
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
