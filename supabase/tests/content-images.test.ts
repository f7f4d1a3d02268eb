import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import { uploadContentImage } from '../../src/lib/content-images/upload-image';
import type { Database } from '../../src/lib/supabase/database.types';

// The image library: only the site's upload pipeline (the service role, after it has checked the
// editor) adds images and their variants, in the editor's name; content staff at aal2 read the
// library; everyone else learns of an image only once a published text shows it, fetches its
// variants from the public bucket by name, and cannot list the bucket. Nobody but the service role
// changes or removes either.
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

/** Publishes a post whose body shows `hash`'s largest variant, as the editor does (service role). */
async function publishPostShowing(hash: string): Promise<void> {
  const slug = `beeld-${randomUUID().slice(0, 8)}`;
  const body = `![Een bureau](${backend.url}/storage/v1/object/public/${BUCKET}/${hash}/960.webp)\n`;
  const front_matter = {
    title: 'Een bericht met een beeld',
    description: 'Een beschrijving die lang genoeg is voor een kaart, de feed en de meta-omschrijving.',
    date: '2026-11-03',
    author: 'Daan Smit',
    tags: [],
  };
  const entry = await admin.from('content_entries').insert({ collection: 'blog', slug }).select('id').single();
  if (entry.error !== null) throw entry.error;
  const document = await admin.from('content_documents').insert({ entry_id: entry.data.id, locale: 'nl', front_matter, body });
  if (document.error !== null) throw document.error;
  const revision = await admin
    .from('content_revisions')
    .insert({ entry_id: entry.data.id, locale: 'nl', slug, front_matter, body, document_version: 1, kind: 'publish' })
    .select('id')
    .single();
  if (revision.error !== null) throw revision.error;
  const live = await admin
    .from('content_documents')
    .update({ live_revision_id: revision.data.id, live_version: 1 })
    .eq('entry_id', entry.data.id)
    .eq('locale', 'nl');
  if (live.error !== null) throw live.error;
}

describe('content staff at aal2', () => {
  it('read the library, and cannot add, change or remove a row themselves', async () => {
    const row = image(editorId);
    expect((await admin.from('content_images').insert(row)).error).toBeNull();
    expect((await editor.from('content_images').select('content_hash').eq('content_hash', row.content_hash)).data).toHaveLength(1);

    expect((await editor.from('content_images').insert(image(editorId))).error?.code).toBe('42501');
    const changed = await editor.from('content_images').update({ alt_nl: 'Anders' }).eq('content_hash', row.content_hash);
    const removed = await editor.from('content_images').delete().eq('content_hash', row.content_hash);
    for (const result of [changed, removed]) expect(result.error?.code).toBe('42501');
  });

  it('give alt text in both languages, trimmed and of a bounded length, whoever writes the row', async () => {
    for (const alt of [{ alt_nl: '' }, { alt_en: '   ' }, { alt_nl: ' padded ' }, { alt_en: 'x'.repeat(251) }]) {
      const refused = await admin.from('content_images').insert({ ...image(), ...alt });
      expect(refused.error?.code, JSON.stringify(alt)).toBe('23514');
    }
  });

  it('cannot put anything into the bucket around the pipeline, nor list it', async () => {
    const bucket = editor.storage.from(BUCKET);
    expect((await bucket.upload(`${randomUUID()}/960.webp`, webp())).error).not.toBeNull();
    const name = `${randomUUID()}/960.webp`;
    expect((await admin.storage.from(BUCKET).upload(name, webp('first'))).error).toBeNull();
    expect((await bucket.upload(name, webp('second'), { upsert: true })).error).not.toBeNull();
    expect((await bucket.list('')).data ?? []).toEqual([]);
    await bucket.remove([name]);
    expect(await (await fetch(bucket.getPublicUrl(name).data.publicUrl)).text()).toBe('RIFF----WEBPVP8 first');
  });
});

describe('everyone else', () => {
  it.each(OUTSIDERS)('%s learns of an image only once a published text shows it, never from the table', async (who) => {
    const client = outsiders.get(who);
    if (client === undefined) throw new Error(`no client for ${who}`);
    const row = image();
    expect((await admin.from('content_images').insert(row)).error).toBeNull();
    const listed = async () => (await client.rpc('content_images_public')).data?.find((found) => found.content_hash === row.content_hash);

    // Uploaded for a draft: no trace of it, nor of its alt texts.
    expect(await listed()).toBeUndefined();
    await publishPostShowing(row.content_hash);
    expect(await listed()).toEqual({
      content_hash: row.content_hash,
      width: 960,
      height: 540,
      variants: row.variants,
      alt_nl: row.alt_nl,
      alt_en: row.alt_en,
    });
    expect((await client.from('content_images').select('content_hash')).data ?? []).toEqual([]);
    expect((await client.from('content_images').insert(image())).error).not.toBeNull();
  });

  it.each(OUTSIDERS)('%s fetches a variant by its name, but cannot list, upload, replace or remove one', async (who) => {
    const client = outsiders.get(who);
    if (client === undefined) throw new Error(`no client for ${who}`);
    const name = `${randomUUID()}/480.webp`;
    expect((await admin.storage.from(BUCKET).upload(name, webp('kept'))).error).toBeNull();

    const bucket = client.storage.from(BUCKET);
    expect(await (await fetch(bucket.getPublicUrl(name).data.publicUrl)).text()).toBe('RIFF----WEBPVP8 kept');
    expect((await bucket.list('')).data ?? []).toEqual([]);
    expect((await bucket.list(name.split('/')[0])).data ?? []).toEqual([]);
    expect((await bucket.upload(`${randomUUID()}/480.webp`, webp())).error).not.toBeNull();
    expect((await bucket.upload(name, webp('replaced'), { upsert: true })).error).not.toBeNull();
    await bucket.remove([name]);
    expect(await (await fetch(bucket.getPublicUrl(name).data.publicUrl)).text()).toBe('RIFF----WEBPVP8 kept');
  });
});

describe('an upload through the site, in the editor’s name', () => {
  async function png(width: number): Promise<File> {
    const bytes = await sharp({ create: { width, height: 300, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    return new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });
  }
  const alts = { altNl: 'Een groen vlak', altEn: 'A green square' };

  it('stores WebP variants anyone can fetch and records the image once, however often it is uploaded', async () => {
    const image = await png(1000);
    const first = await uploadContentImage(admin, editorId, { image, ...alts });
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

    const again = await uploadContentImage(admin, editorId, { image, ...alts });
    expect(again).toEqual(first);
  });

  it('writes only with the service role: with any session of its own it is refused, content staff at aal2 included', async () => {
    for (const [who, client] of [['content staff at aal2', editor], ...outsiders.entries()] as const) {
      expect(await uploadContentImage(client, editorId, { image: await png(640), ...alts }), who).toEqual({
        ok: false,
        error: 'form.forbidden',
      });
    }
  });
});
