import { expect, forEachLocale, legalPages, localized, pages, test } from './support/i18n';
import { baseURL } from '../config/e2e-servers';

const allPaths = [...pages.map((p) => p.path), ...legalPages.map((p) => p.path), '/search'];
const url = (path: string, prefix: string) => `${baseURL}${path === '/' ? prefix || '' : `${prefix}${path}`}`;

test('robots.txt allows the site and names the sitemap', async ({ request }) => {
  const body = await (await request.get('/robots.txt')).text();
  expect(body).toContain('Allow: /');
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('sitemap.xml lists every page, legal pages and search included, in both languages with alternates', async ({ page, request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  // Parsed by the browser's XML parser, not matched as text.
  const entries = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('sitemap.xml is not well-formed');
    return Array.from(doc.getElementsByTagName('url')).map((node) => ({
      loc: node.getElementsByTagName('loc')[0]?.textContent ?? '',
      alternates: Object.fromEntries(
        Array.from(node.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')).map((l) => [
          l.getAttribute('hreflang'),
          l.getAttribute('href'),
        ]),
      ),
    }));
  }, xml);
  const byLoc = new Map(entries.map((e) => [e.loc, e.alternates]));
  for (const path of allPaths) {
    for (const prefix of ['', '/en']) {
      expect(byLoc.get(url(path, prefix)), `${prefix}${path}`).toEqual({ nl: url(path, ''), en: url(path, '/en') });
    }
  }
});

test('the manifest carries the brand colours and icons, and the icons are served', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'Bitwerf', theme_color: '#1F1F1F', background_color: '#FAFAFA' });
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  }
  const apple = await request.get('/apple-icon.png');
  expect(apple.headers()['content-type']).toBe('image/png');
});

forEachLocale('seo', (lc) => {
  // What a crawler reads is the server's HTML: fetched and parsed by the browser's HTML parser on a
  // blank page, without loading the page's scripts and styles (the rendered pages are a11y.spec.ts's).
  for (const path of [
    '/',
    '/about-us',
    '/vacancies',
    '/vacancies/devops-cloud-engineer',
    '/blog',
    '/blog/wanneer-kies-je-voor-maatwerk',
    '/contact-us',
    ...legalPages.map((p) => p.path),
  ]) {
    test(`${path} answers with its lang and title, a canonical, hreflang alternates incl. x-default and its own Open Graph PNG`, async ({
      page,
      request,
    }) => {
      const response = await request.get(localized(lc, path));
      expect(response.status()).toBe(200);
      const head = await page.evaluate(
        (html) => {
          const doc = new DOMParser().parseFromString(html, 'text/html');
          const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? null;
          return {
            lang: doc.documentElement.lang,
            title: doc.title,
            h1s: doc.querySelectorAll('h1').length,
            canonical: attr('link[rel="canonical"]', 'href'),
            alternates: Object.fromEntries(
              Array.from(doc.querySelectorAll('link[rel="alternate"][hreflang]'), (l) => [
                l.getAttribute('hreflang'),
                l.getAttribute('href'),
              ]),
            ),
            description: attr('meta[name="description"]', 'content'),
            image: attr('meta[property="og:image"]', 'content'),
          };
        },
        await response.text(),
      );
      expect(head.lang).toBe(lc.locale);
      expect(head.title).toMatch(/Bitwerf/);
      expect(head.h1s).toBe(1);
      expect(head.canonical).toBe(url(path, lc.prefix));
      expect(head.alternates).toEqual({ nl: url(path, ''), en: url(path, '/en'), 'x-default': url(path, '') });
      expect(head.description).toMatch(/.{50,}/);
      expect(head.image).toBeTruthy();
      const image = await request.get(head.image ?? '');
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.readUInt32BE(16)).toBe(1200);
      expect(bytes.readUInt32BE(20)).toBe(630);
    });
  }

  // Google reads the firm's details from the home page (its Organization guide), so they are not
  // repeated on every page; posts and vacancies name the firm inside their own markup.
  test('the home page describes the firm in Organization JSON-LD, and no other page repeats it', async ({ page, request }) => {
    const organizations = async (path: string): Promise<unknown[]> => {
      const blocks = await page.evaluate(
        (html) =>
          Array.from(
            new DOMParser().parseFromString(html, 'text/html').querySelectorAll('script[type="application/ld+json"]'),
            (script) => script.textContent ?? '',
          ),
        await (await request.get(localized(lc, path))).text(),
      );
      return blocks.map((block) => JSON.parse(block) as Record<string, unknown>).filter((data) => data['@type'] === 'Organization');
    };
    expect(await organizations('/')).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        name: 'Bitwerf',
        legalName: 'Bitwerf B.V.',
        url: baseURL,
        logo: `${baseURL}/apple-icon.png`,
        email: 'hallo@bitwerf.nl',
        telephone: '+31381234567',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Melkmarkt 12',
          postalCode: '8011 MC',
          addressLocality: 'Zwolle',
          addressCountry: 'NL',
        },
        identifier: { '@type': 'PropertyValue', propertyID: 'KvK', value: '12345678' },
        vatID: 'NL001234567B01',
      }),
    ]);
    for (const path of ['/about-us', '/vacancies/devops-cloud-engineer', '/blog/wanneer-kies-je-voor-maatwerk', '/contact-us']) {
      expect(await organizations(path), path).toEqual([]);
    }
  });
});
