import 'server-only';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify);

/** Plain Markdown to an HTML string, for places that need HTML text (JobPosting's description). */
export async function markdownToHtml(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}
