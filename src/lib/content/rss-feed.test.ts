// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { xml2js, type Element } from 'xml-js';

import { cdataText, rss2 } from './rss-feed';

/** The elements under the feed's first item, by name, with their text as a reader gets it. */
function firstItem(xml: string): Map<string, string> {
  const document = xml2js(xml) as Element;
  const channel = document.elements?.[0]?.elements?.find((element) => element.name === 'channel');
  const item = channel?.elements?.find((element) => element.name === 'item');
  const text = (element: Element) => (element.elements ?? []).map((part) => String(part.cdata ?? part.text ?? '')).join('');
  return new Map((item?.elements ?? []).map((element) => [element.name ?? '', text(element)]));
}

const post = (title: string, description = 'Een gewone beschrijving van dit bericht voor de feed.') => ({
  url: 'https://www.bitwerf.nl/blog/een-bericht',
  title,
  description,
  date: '2026-11-03',
  author: 'Daan Smit',
  tags: ['maatwerk'],
});

describe('the RSS feed', () => {
  it.each(['Titel ]]><script>alert(1)</script><title>nep', 'Twee keer ]]> en nog eens ]]>]]>', 'Gewoon een titel'])(
    'gives a reader an editor’s title back as text, never as markup: %j',
    (title) => {
      const xml = rss2('nl', { title: 'Blog', description: 'Het blog', copyright: 'Bitwerf B.V.' }, [
        post(title, `${title} in de beschrijving`),
      ]);
      const item = firstItem(xml);
      expect(item.get('title')).toBe(title);
      expect(item.get('description')).toBe(`${title} in de beschrijving`);
      expect([...item.keys()].sort()).toEqual(['author', 'category', 'description', 'guid', 'link', 'pubDate', 'title'].sort());
    },
  );

  it('splits every CDATA end marker but the first, which the library splits itself', () => {
    expect(cdataText('a]]>b]]>c]]>')).toBe('a]]>b]]]]><![CDATA[>c]]]]><![CDATA[>');
    expect(cdataText('a]]>b')).toBe('a]]>b');
    expect(cdataText('geen')).toBe('geen');
  });
});
