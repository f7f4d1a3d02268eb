import { randomInt } from 'node:crypto';

import sharp from 'sharp';

import { backendUrl } from './support/backend';
import { removeLibraryImages, removePosts, seedPost } from './support/content';
import { expect, localized, nl, test } from './support/i18n';
import { signInAsStaff } from './support/recruiting';
import nlImages from '../public/locales/nl/contentImages.json' with { type: 'json' };

// Content staff upload an image on the library page: an SVG is refused at the field, a PNG becomes
// WebP variants in the public bucket and a Markdown line that points at the largest one, which a
// published post then shows at every variant's size.
const t = nlImages;
const hashes: string[] = [];

test.afterAll(async () => {
  await removeLibraryImages(hashes);
});

test('content staff upload an image, refused as SVG, get a Markdown line for its largest WebP variant, and a post shows it', async ({
  page,
}) => {
  await signInAsStaff(page, { roles: ['content'] });
  await page.goto(localized(nl, '/account/content/images'));
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  const image = page.getByLabel(t.upload.image, { exact: true });
  await image.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await page.getByRole('textbox', { name: t.upload.altNl }).fill('Een groen vlak');
  await page.getByRole('textbox', { name: t.upload.altEn }).fill('A green square');
  await page.getByRole('button', { name: t.upload.submit, exact: true }).click();
  await expect(page.getByLabel(t.upload.image, { exact: true })).toHaveAccessibleDescription(new RegExp(t.errors.image.unsupportedType));
  await expect(page.getByLabel(t.upload.image, { exact: true })).toBeFocused();
  // What was typed is still there (WCAG 3.3.7); the file must be chosen again, and the field says so.
  await expect(page.getByRole('textbox', { name: t.upload.altNl })).toHaveValue('Een groen vlak');
  await expect(page.getByRole('textbox', { name: t.upload.altEn })).toHaveValue('A green square');
  await expect(page.getByLabel(t.upload.image, { exact: true })).toHaveAccessibleDescription(new RegExp(t.upload.chooseAgain));

  // A colour of its own, so a run never meets an image an earlier run left behind.
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background } })
    .png()
    .toBuffer();
  await page.getByLabel(t.upload.image, { exact: true }).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('textbox', { name: t.upload.altNl }).fill('Een groen vlak');
  await page.getByRole('textbox', { name: t.upload.altEn }).fill('A green square');
  await page.getByRole('button', { name: t.upload.submit, exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(t.upload.added);
  // The new page starts on the outcome, not at the top (autofocus, so also without JavaScript).
  await expect(page.locator(':focus')).toContainText(t.upload.added);

  const snippet = page.getByRole('textbox', { name: t.list.snippetNl }).first();
  const markdown = await snippet.inputValue();
  const match = /^!\[Een groen vlak\]\(<(.+\/content-images\/([0-9a-f]{64})\/1200\.webp)>\)$/.exec(markdown);
  expect(match, markdown).not.toBeNull();
  const [, url = '', hash = ''] = match ?? [];
  hashes.push(hash);
  expect(url.startsWith(`${backendUrl}/storage/v1/object/public/`)).toBe(true);
  const variant = await page.request.get(url);
  expect([variant.status(), variant.headers()['content-type']]).toEqual([200, 'image/webp']);
  // It loads in the page too: the content policy lets images come from the bucket.
  const preview = page.getByRole('img', { name: 'Een groen vlak' }).first();
  await expect(preview).toHaveAttribute('width', '480');
  await preview.scrollIntoViewIfNeeded();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);

  // Pasted into a post that is then published, it renders with its size, every variant and lazy
  // loading, and loads under the public page's policy.
  const post = await seedPost(`Met een foto ${hash.slice(0, 8)}`, { body: `## Op kantoor\n\n${markdown}\n` });
  try {
    await expect.poll(async () => (await page.request.get(`/blog/${post.slug}`)).status(), { timeout: 10_000 }).toBe(200);
    await page.goto(`/blog/${post.slug}`);
    const shown = page.getByRole('article').getByRole('img', { name: 'Een groen vlak' });
    await expect(shown).toHaveAttribute('width', '1200');
    await expect(shown).toHaveAttribute('height', '600');
    await expect(shown).toHaveAttribute('loading', 'lazy');
    const srcset = (await shown.getAttribute('srcset')) ?? '';
    expect(srcset.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['480w', '960w', '1200w']);
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } finally {
    await removePosts([post.id]);
  }
});
