import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database, Tables } from '@/lib/supabase/database.types';

import { ImageRefused, MAX_IMAGE_BYTES, processImage, type ImageRefusal } from './process-image';
import { CONTENT_IMAGES_BUCKET } from './public-url';

export const MAX_ALT_LENGTH = 250;

export type UploadField = 'image' | 'altNl' | 'altEn';
export type UploadErrorKey =
  | `image.${ImageRefusal | 'missing'}`
  | `altNl.${'required' | 'tooLong'}`
  | `altEn.${'required' | 'tooLong'}`
  | 'form.forbidden'
  | 'form.failed';
export type UploadOutcome = { ok: true; image: Tables<'content_images'> } | { ok: false; error: UploadErrorKey };

type Upload = { image: File; altNl: string; altEn: string };

function altError(field: 'altNl' | 'altEn', value: string): UploadErrorKey | undefined {
  if (value === '') return `${field}.required`;
  if (value.length > MAX_ALT_LENGTH) return `${field}.tooLong`;
  return undefined;
}

/** The upload form's fields, type-checked: a file and two alt texts (trimmed); the first problem found otherwise. */
export function readUploadForm(form: FormData): Upload | { error: UploadErrorKey } {
  const image = form.get('image');
  const altNl = form.get('altNl');
  const altEn = form.get('altEn');
  if (!(image instanceof File) || image.size === 0) return { error: 'image.missing' };
  if (image.size > MAX_IMAGE_BYTES) return { error: 'image.tooLarge' };
  const alts = { altNl: typeof altNl === 'string' ? altNl.trim() : '', altEn: typeof altEn === 'string' ? altEn.trim() : '' };
  const error = altError('altNl', alts.altNl) ?? altError('altEn', alts.altEn);
  return error === undefined ? { image, ...alts } : { error };
}

/**
 * Checks and converts the image, stores its variants in the public bucket and records it in the
 * editor's name. `service` is the service role: nothing reaches the bucket or the library but
 * through this pipeline, so the caller checks the editor first (content staff at aal2, in the
 * database). The same image again changes nothing and answers with the row already there.
 */
export async function uploadContentImage(service: SupabaseClient<Database>, editorId: string, upload: Upload): Promise<UploadOutcome> {
  let processed;
  try {
    processed = await processImage(new Uint8Array(await upload.image.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageRefused) return { ok: false, error: `image.${error.reason}` };
    throw error;
  }

  const existing = await service.from('content_images').select('*').eq('content_hash', processed.contentHash).maybeSingle();
  if (existing.error !== null) return { ok: false, error: 'form.forbidden' };
  if (existing.data !== null) return { ok: true, image: existing.data };

  const bucket = service.storage.from(CONTENT_IMAGES_BUCKET);
  for (const variant of processed.variants) {
    const stored = await bucket.upload(variant.path, variant.bytes, {
      contentType: 'image/webp',
      // A variant's name is its content: it never changes, so browsers and CDNs keep it a year.
      cacheControl: '31536000',
      upsert: false,
    });
    // Left by an earlier upload of the same image that stopped before its row was written.
    const alreadyThere = stored.error?.statusCode === '409';
    if (stored.error !== null && !alreadyThere) return { ok: false, error: 'form.forbidden' };
  }

  const inserted = await service
    .from('content_images')
    .insert({
      content_hash: processed.contentHash,
      width: processed.width,
      height: processed.height,
      variants: processed.variants.map(({ width, height, path }) => ({ width, height, path })),
      alt_nl: upload.altNl,
      alt_en: upload.altEn,
      created_by: editorId,
    })
    .select('*')
    .single();
  if (inserted.error === null) return { ok: true, image: inserted.data };
  // Another upload of the same image won the race.
  if (inserted.error.code === '23505') {
    const winner = await service.from('content_images').select('*').eq('content_hash', processed.contentHash).single();
    if (winner.error === null) return { ok: true, image: winner.data };
  }
  return { ok: false, error: inserted.error.code === '42501' ? 'form.forbidden' : 'form.failed' };
}
