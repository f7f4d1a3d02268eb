import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { expect, forEachLocale, localized, test } from './support/i18n';
import { pageDocumentHtml } from './support/page-html';

/*
 * The home and about pages render from their documents in the content editor since issue 37; their
 * first published version is the texts the site had in its messages. This holds the promise that
 * the site looks exactly as before until an editor changes something: the HTML of both pages in
 * both languages, rendered from the imported documents, against the HTML the site rendered from
 * its messages before the change (e2e/fixtures/page-documents/, captured from 4a23b69 with
 * CAPTURE_PAGE_HTML=1). One text that differs fails it.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'page-documents');
const capture = process.env.CAPTURE_PAGE_HTML === '1';

forEachLocale('page documents', (lc) => {
  for (const [name, pagePath] of [
    ['home', '/'],
    ['about', '/about-us'],
  ] as const) {
    test(`the ${name} page renders from its imported document exactly as it did from the messages`, async ({ request }) => {
      const response = await request.get(localized(lc, pagePath));
      expect(response.status()).toBe(200);
      const html = pageDocumentHtml(await response.text());
      const fixture = path.join(FIXTURES, `${name}.${lc.locale}.html`);
      if (capture) {
        await mkdir(FIXTURES, { recursive: true });
        await writeFile(fixture, `${html}\n`);
      }
      expect(`${html}\n`).toBe(await readFile(fixture, 'utf8'));
    });
  }
});
