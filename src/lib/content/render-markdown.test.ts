import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { evaluate } from '@mdx-js/mdx';
import { parse, type Node, HTMLElement, TextNode } from 'node-html-parser';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { CODE_LINE_MAX_HIGHLIGHTED, renderMarkdown, trustedPlugins, type RenderTexts } from './render-markdown';

const texts: RenderTexts = { sectionLink: (heading) => `Link to the section ${heading}` };
const contentRoot = path.join(process.cwd(), 'content');

/** Every body the import puts in Postgres: the files of content/ without their front matter. */
async function importedBodies(): Promise<{ name: string; body: string }[]> {
  const bodies = [];
  for (const collection of ['blog', 'vacancies']) {
    for (const name of (await readdir(path.join(contentRoot, collection))).filter((n) => n.endsWith('.mdx')).sort()) {
      const source = await readFile(path.join(contentRoot, collection, name), 'utf8');
      bodies.push({ name: `${collection}/${name}`, body: source.replace(/^---\n[\s\S]*?\n---\n/, '') });
    }
  }
  return bodies;
}

/** Today's renderer: MDX compiled to React with the same heading and code plugins, as HTML. */
async function mdxHtml(body: string): Promise<string> {
  const { default: Content } = await evaluate(body, { ...runtime, rehypePlugins: trustedPlugins(texts) });
  return renderToStaticMarkup(createElement(Content));
}

/**
 * The HTML as a tree, without what carries no meaning: how entities are spelled (React writes
 * `&#x27;`, rehype a plain `'`), the order of attributes, and the line breaks rehype puts between
 * blocks where React writes none.
 */
function canonical(html: string): unknown {
  const walk = (node: Node): unknown => {
    if (node instanceof TextNode) return node.text;
    if (!(node instanceof HTMLElement)) return null;
    const attributes = Object.entries(node.attributes).sort(([a], [b]) => a.localeCompare(b));
    const children = node.childNodes.filter((child) => !(child instanceof TextNode) || child.text.trim() !== '' || isInline(node));
    return [node.rawTagName, attributes, children.map(walk)];
  };
  return walk(parse(html, { comment: false, blockTextElements: { pre: true } }));
}

const blockParents = new Set([undefined, null, '', 'ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'div', 'blockquote', 'pre']);
function isInline(node: HTMLElement): boolean {
  return !blockParents.has(node.rawTagName);
}

const bodies = await importedBodies();

describe('the Markdown renderer', () => {
  it('has every imported body to compare', () => {
    expect(bodies.length).toBeGreaterThan(0);
  });

  // One test per body, so a difference names its file and each body has its own time.
  it.each(bodies.map(({ name, body }) => [name, body]))('renders %s as MDX did', async (_name, body) => {
    // As indented JSON, so a failure shows the lines that differ rather than a collapsed tree.
    const rendered = JSON.stringify(canonical(await renderMarkdown(body, texts)), null, 1);
    expect(rendered).toBe(JSON.stringify(canonical(await mdxHtml(body)), null, 1));
  });

  it('colours code by its text alone: every line up to the limit, none beyond it', async () => {
    const long = `const values = [${Array.from({ length: 400 }, (_, i) => `'v${i}'`).join(', ')}];`;
    expect(long.length).toBeGreaterThan(CODE_LINE_MAX_HIGHLIGHTED);
    const html = await renderMarkdown(`\`\`\`ts\nconst answer = 42;\n${long}\n\`\`\`\n`, texts);
    const colours = (line: HTMLElement) => new Set(line.querySelectorAll('span[style]').map((span) => span.getAttribute('style')));
    // The code's markup, not its text: node-html-parser keeps <pre> as raw text unless told otherwise.
    const [short, beyond] = parse(html, { blockTextElements: { script: true, style: true } }).querySelectorAll('span.line');
    expect(short && colours(short).size).toBeGreaterThan(1);
    expect(beyond?.text).toBe(long);
    expect(beyond && colours(beyond).size).toBe(0);
  });

  it("gives the library's images their size, variants and lazy loading, and no other image", async () => {
    const projectUrl = 'https://project.supabase.co';
    const hash = 'a'.repeat(64);
    const base = `${projectUrl}/storage/v1/object/public/content-images/`;
    const image = {
      contentHash: hash,
      width: 960,
      height: 540,
      variants: [
        { width: 480, height: 270, path: `${hash}/480.webp` },
        { width: 960, height: 540, path: `${hash}/960.webp` },
      ],
      altNl: 'Een kantoor',
      altEn: 'An office',
    };
    const html = await renderMarkdown(`![Een kantoor](${base}${hash}/960.webp)\n\n![Elders](https://example.com/x.webp)`, texts, {
      images: [image],
      projectUrl,
    });
    const [ours, theirs] = parse(html).querySelectorAll('img');
    expect(ours?.attributes).toMatchObject({ width: '960', height: '540', loading: 'lazy', decoding: 'async' });
    expect(ours?.getAttribute('srcset')).toBe(`${base}${hash}/480.webp 480w, ${base}${hash}/960.webp 960w`);
    expect(theirs?.hasAttribute('srcset')).toBe(false);
  });
});

describe('what the renderer never lets through', () => {
  const render = (body: string) => renderMarkdown(body, texts);

  it('drops script elements, with their text', async () => {
    const html = await render('Before\n\n<script>alert(1)</script>\n\nAfter <script>alert(2)</script>');
    expect(html).not.toMatch(/<script|alert/);
    expect(html).toContain('Before');
  });

  it('drops javascript: and data: URLs from links and images', async () => {
    const html = await render(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(2)) <a href="javascript:alert(3)">c</a> ![d](data:text/html,x) [e](https://example.com)',
    );
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).toContain('href="https://example.com"');
  });

  it('keeps allowed raw HTML and drops the rest', async () => {
    const html = await render(
      'Press <kbd>Ctrl</kbd>.\n\n<iframe src="https://example.com"></iframe>\n\n<style>body{}</style>\n\n<form action="https://evil.example"><button>Go</button></form>',
    );
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).not.toMatch(/<iframe|<style|<form|<button|evil|body\{\}/);
  });

  it('drops event handler and style attributes', async () => {
    const html = await render('<p onclick="alert(1)" style="color:red">x</p>\n\n<img src="/a.png" onerror="alert(2)" alt="a">');
    expect(html).not.toMatch(/onclick|onerror|alert|style=/);
    expect(html).toContain('<img src="/a.png" alt="a">');
  });

  it('keeps heading ids and section links, and highlights code', async () => {
    const html = await render('## Een kop\n\n```ts\nconst a = 1;\n```');
    expect(html).toContain('id="een-kop"');
    expect(html).toContain('href="#een-kop"');
    expect(html).toContain('aria-label="Link to the section Een kop"');
    expect(html).toMatch(/<pre class="shiki/);
  });

  it('cannot be made to clobber the page by ids written in the text', async () => {
    const html = await render('<p id="main-content">x</p>');
    expect(html).not.toContain('id="main-content"');
  });
});
