import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { uploadContentImage } from '../../src/lib/content-images/upload-image';
import type { Database } from '../../src/lib/supabase/database.types';

// The image library: content staff at aal2 add images and their variants in their own name;
// everyone reads the variants from the public bucket and the rows through a function; nobody but
// the service role changes or removes either.
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');
const BUCKET = 'content-images';

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let admin: Client;
let editor: Client;
let editorId: string;
const OUTSIDERS = ['an anonymous visitor', 'a signed-in user', 'staff without the content role at aal2', 'content staff at aal1'] as const;
const outsiders = new Map<(typeof OUTSIDERS)[number], Client>();

const webp = (text: string = randomUUID()) => new Blob([`RIFF----WEBPVP8 ${text}`], { type: 'image/webp' });

function image(createdBy: string | undefined = undefined) {
  const hash = createHash('sha256').update(randomUUID()).digest('hex');
  return {
    content_hash: hash,
    width: 960,
    height: 540,
    variants: [{ width: 960, height: 540, path: `${hash}/960.webp` }],
    alt_nl: 'Een bureau met twee schermen',
    alt_en: 'A desk with two screens',
    ...(createdBy === undefined ? {} : { created_by: createdBy }),
  };
}

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  const content = await staffWithFactor(backend, ['content']);
  editor = content.aal2;
  editorId = content.id;
  const others = await staffWithFactor(backend, ['recruiting', 'inbox', 'admin']);
  outsiders.set('an anonymous visitor', backend.client());
  outsiders.set('a signed-in user', (await signedIn(backend, DEMO)).client);
  outsiders.set('staff without the content role at aal2', others.aal2);
  outsiders.set('content staff at aal1', (await signedIn(backend, content.account)).client);
});
afterAll(async () => {
  await backend?.close();
});

describe('content staff at aal2', () => {
  it('add an image in their own name, read the library, and cannot change or remove a row', async () => {
    const added = await editor.from('content_images').insert(image()).select('id, created_by').single();
    expect(added.error).toBeNull();
    expect(added.data?.created_by).toBe(editorId);
    const id = added.data?.id ?? '';
    expect((await editor.from('content_images').select('id').eq('id', id)).data).toHaveLength(1);

    const forged = await editor.from('content_images').insert(image(randomUUID()));
    expect(forged.error?.code).toBe('42501');
    const changed = await editor.from('content_images').update({ alt_nl: 'Anders' }).eq('id', id);
    const removed = await editor.from('content_images').delete().eq('id', id);
    for (const result of [changed, removed]) expect(result.error?.code).toBe('42501');
  });

  it('must give alt text in both languages, trimmed and of a bounded length', async () => {
    for (const alt of [{ alt_nl: '' }, { alt_en: '   ' }, { alt_nl: ' padded ' }, { alt_en: 'x'.repeat(251) }]) {
      const refused = await editor.from('content_images').insert({ ...image(), ...alt });
      expect(refused.error?.code, JSON.stringify(alt)).toBe('23514');
    }
  });

  it('upload a WebP variant to the public bucket, which anyone reads without a token; no other type, no replacing, no removing', async () => {
    const bucket = editor.storage.from(BUCKET);
    const name = `${randomUUID()}/960.webp`;
    expect((await bucket.upload(name, webp('first'))).error).toBeNull();
    const read = await fetch(bucket.getPublicUrl(name).data.publicUrl);
    expect([read.status, await read.text()]).toEqual([200, 'RIFF----WEBPVP8 first']);

    expect((await bucket.upload(`${randomUUID()}/x.svg`, new Blob(['<svg/>'], { type: 'image/svg+xml' }))).error).not.toBeNull();
    expect((await bucket.upload(name, webp('second'), { upsert: true })).error).not.toBeNull();
    await bucket.remove([name]);
    const still = await fetch(bucket.getPublicUrl(name).data.publicUrl);
    expect(await still.text()).toBe('RIFF----WEBPVP8 first');
  });
});

describe('everyone else', () => {
  it.each(OUTSIDERS)('%s reads the images through the function, not the table, and cannot add one', async (who) => {
    const client = outsiders.get(who);
    if (client === undefined) throw new Error(`no client for ${who}`);
    const row = image();
    expect((await admin.from('content_images').insert(row)).error).toBeNull();

    const listed = await client.rpc('content_images_public');
    expect(listed.error).toBeNull();
    expect(listed.data?.find((found) => found.content_hash === row.content_hash)).toEqual({
      content_hash: row.content_hash,
      width: 960,
      height: 540,
      variants: row.variants,
      alt_nl: row.alt_nl,
      alt_en: row.alt_en,
    });
    const table = await client.from('content_images').select('id');
    expect(table.data ?? []).toEqual([]);
    expect((await client.from('content_images').insert(image())).error).not.toBeNull();
  });

  it.each(OUTSIDERS)('%s reads the bucket, but cannot upload, replace or remove a variant', async (who) => {
    const client = outsiders.get(who);
    if (client === undefined) throw new Error(`no client for ${who}`);
    const name = `${randomUUID()}/480.webp`;
    expect((await admin.storage.from(BUCKET).upload(name, webp('kept'))).error).toBeNull();

    const bucket = client.storage.from(BUCKET);
    expect(await (await fetch(bucket.getPublicUrl(name).data.publicUrl)).text()).toBe('RIFF----WEBPVP8 kept');
    expect((await bucket.upload(`${randomUUID()}/480.webp`, webp())).error).not.toBeNull();
    expect((await bucket.upload(name, webp('replaced'), { upsert: true })).error).not.toBeNull();
    await bucket.remove([name]);
    expect(await (await fetch(bucket.getPublicUrl(name).data.publicUrl)).text()).toBe('RIFF----WEBPVP8 kept');
  });
});

describe('an upload through the site, in the editor’s own name', () => {
  async function png(width: number): Promise<File> {
    const bytes = await sharp({ create: { width, height: 300, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    return new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });
  }
  const alts = { altNl: 'Een groen vlak', altEn: 'A green square' };

  it('stores WebP variants anyone can fetch and records the image once, however often it is uploaded', async () => {
    const image = await png(1000);
    const first = await uploadContentImage(editor, { image, ...alts });
    if (!first.ok) throw new Error(first.error);
    expect(first.image).toMatchObject({ width: 1000, height: 300, alt_nl: alts.altNl, created_by: editorId });
    expect(first.image.variants).toEqual([
      { width: 480, height: 144, path: `${first.image.content_hash}/480.webp` },
      { width: 960, height: 288, path: `${first.image.content_hash}/960.webp` },
      { width: 1000, height: 300, path: `${first.image.content_hash}/1000.webp` },
    ]);
    const variant = await fetch(editor.storage.from(BUCKET).getPublicUrl(`${first.image.content_hash}/1000.webp`).data.publicUrl);
    expect([variant.status, variant.headers.get('content-type'), variant.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'max-age=31536000',
    ]);

    const again = await uploadContentImage(editor, { image, ...alts });
    expect(again).toEqual(first);
  });

  it('is refused for content staff at aal1 and for staff without the content role', async () => {
    for (const who of ['content staff at aal1', 'staff without the content role at aal2'] as const) {
      const client = outsiders.get(who);
      if (client === undefined) throw new Error(`no client for ${who}`);
      expect(await uploadContentImage(client, { image: await png(640), ...alts }), who).toEqual({ ok: false, error: 'form.forbidden' });
    }
  });
});
