import 'server-only';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

import { sanitizeSchema } from './render-markdown';

// Raw HTML is dropped (remark-rehype's default) and the rest goes through the pages' allow list.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, sanitizeSchema).use(rehypeStringify);

/** Plain Markdown to an HTML string, for places that need HTML text (JobPosting's description). */
export async function markdownToHtml(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}
