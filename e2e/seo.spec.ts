import { expect, forEachLocale, legalPages, localized, pages, test } from './support/i18n';
import { baseURL } from '../playwright.config';

const allPaths = [...pages.map((p) => p.path), ...legalPages.map((p) => p.path)];
const url = (path: string, prefix: string) => `${baseURL}${path === '/' ? prefix || '' : `${prefix}${path}`}`;

test('robots.txt allows the site and names the sitemap', async ({ request }) => {
  const body = await (await request.get('/robots.txt')).text();
  expect(body).toContain('Allow: /');
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('sitemap.xml lists every page, legal pages included, in both languages with alternates', async ({ page, request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  // Parsed by the browser's XML parser, not matched as text.
  const entries = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('sitemap.xml is not well-formed');
    return Array.from(doc.getElementsByTagName('url')).map((node) => ({
      loc: node.getElementsByTagName('loc')[0]?.textContent ?? '',
      alternates: Object.fromEntries(
        Array.from(node.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')).map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
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
  test('every page has Organization JSON-LD with address, contact details, KvK and VAT id', async ({ page }) => {
    for (const path of ['/', '/about-us', '/privacy']) {
      await page.goto(localized(lc, path));
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const org = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((d) => d['@type'] === 'Organization');
      expect(org, path).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Bitwerf',
        legalName: 'Bitwerf B.V.',
        url: baseURL,
        logo: `${baseURL}/apple-icon.png`,
        email: 'hallo@bitwerf.nl',
        telephone: '+31381234567',
        address: { '@type': 'PostalAddress', streetAddress: 'Melkmarkt 12', postalCode: '8011 MC', addressLocality: 'Zwolle', addressCountry: 'NL' },
        identifier: { '@type': 'PropertyValue', propertyID: 'KvK', value: '12345678' },
        vatID: 'NL001234567B01',
      });
    }
  });

  for (const path of ['/', '/about-us', '/vacancies', '/vacancies/devops-cloud-engineer', '/blog', '/blog/wanneer-kies-je-voor-maatwerk', '/contact-us', ...legalPages.map((p) => p.path)]) {
    test(`${path} renders with its lang and title, a canonical, hreflang alternates incl. x-default and its own Open Graph PNG`, async ({ page, request }) => {
      expect((await page.goto(localized(lc, path)))?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lc.locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(/Bitwerf/);

      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url(path, lc.prefix));
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])));
      expect(alternates).toEqual({ nl: url(path, ''), en: url(path, '/en'), 'x-default': url(path, '') });
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);

      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image).toBeTruthy();
      const response = await request.get(image ?? '');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const bytes = await response.body();
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.readUInt32BE(16)).toBe(1200);
      expect(bytes.readUInt32BE(20)).toBe(630);
    });
  }
});
