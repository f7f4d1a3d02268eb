import 'server-only';
import { cache } from 'react';

import { createAnonymousClient } from '@/lib/supabase/anonymous';

import { contentImageFromRow, type ContentImage } from './variants';

/**
 * The library's images as visitors may see them (content_images_public()), read once per render.
 * An image whose variants are malformed is left out: its <img> then keeps the src it was written
 * with and loses only the attributes that need the row.
 */
export const readPublicContentImages = cache(async (): Promise<ContentImage[]> => {
  const { data, error } = await createAnonymousClient().rpc('content_images_public');
  if (error !== null) throw new Error(`content images could not be read: ${error.message}`);
  return data.flatMap((row) => contentImageFromRow(row) ?? []);
});
