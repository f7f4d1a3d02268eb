import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '@/lib/supabase/database.types';

import { contentImageFromRow, type ContentImage } from './variants';

const LIBRARY_SIZE = 200;

/** The newest images of the library, as the editor's own session may read them; null when it may not. */
export async function listContentImages(supabase: SupabaseClient<Database>): Promise<ContentImage[] | null> {
  const { data, error } = await supabase
    .from('content_images')
    .select('content_hash, width, height, variants, alt_nl, alt_en')
    .order('created_at', { ascending: false })
    .limit(LIBRARY_SIZE);
  if (error !== null) return null;
  return data.flatMap((row) => contentImageFromRow(row) ?? []);
}
