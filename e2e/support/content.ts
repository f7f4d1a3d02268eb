import { randomInt, randomUUID } from 'node:crypto';

import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';

import { backendUrl } from './backend';
import { E2E_CRON_SECRET } from '../../config/e2e-servers';
import { SERVICE_ROLE_KEY } from '../../local-supabase/src/keys';
import nlImages from '../../public/locales/nl/contentImages.json' with { type: 'json' };
import { PAGE_EXPIRE_SECONDS } from '../../src/lib/page-cache/lifetimes.mjs';
import type { Database } from '../../src/lib/supabase/database.types';

/** The service role, typed by the generated schema. */
export function contentAdmin() {
  return createClient<Database>(backendUrl, SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** A post's fields as the blog schema wants them, with a title that names this test run. */
export function postFields(title: string) {
  return {
    front_matter: {
      title,
      description: 'Een beschrijving die lang genoeg is voor een kaart, de feed en de meta-omschrijving.',
      // Older than every real post, so it is never the first card another test opens.
      date: '2020-01-06',
      author: 'Daan Smit',
      tags: [],
    },
    body: `## Inleiding\n\nTekst van ${title}.\n`,
  };
}

/** The id of the one row an insert returned. */
async function insertedId(query: PromiseLike<{ data: { id: string } | null; error: { message: string } | null }>): Promise<string> {
  const { data, error } = await query;
  if (error !== null || data === null) throw new Error(error?.message ?? 'nothing inserted');
  return data.id;
}

async function run(query: PromiseLike<{ error: { message: string } | null }>): Promise<void> {
  const { error } = await query;
  if (error) throw new Error(error.message);
}

/**
 * A Dutch blog post written as the editor leaves it (service role): an entry, its working copy and,
 * unless `draftOnly`, a revision that is live now (then the pages' lifetime is waited out) or
 * scheduled for `scheduledFor`. The body is a short section unless `body` is given.
 * Returns the entry's id and slug.
 */
export async function seedPost(
  title: string,
  {
    draftOnly = false,
    scheduledFor,
    body: ownBody,
    date,
    locales = ['nl'],
    waitForPages = true,
  }: { draftOnly?: boolean; scheduledFor?: Date; body?: string; date?: string; locales?: ('nl' | 'en')[]; waitForPages?: boolean } = {},
): Promise<{ id: string; slug: string }> {
  const admin = contentAdmin();
  const slug = `e2e-${randomUUID().slice(0, 8)}`;
  const { front_matter: template, body: templateBody } = postFields(title);
  const front_matter = date === undefined ? template : { ...template, date };
  const body = ownBody ?? templateBody;
  const id = await insertedId(admin.from('content_entries').insert({ collection: 'blog', slug }).select('id').single());
  for (const locale of locales) {
    await run(admin.from('content_documents').insert({ entry_id: id, locale, front_matter, body }));
    if (draftOnly) continue;
    const kind = scheduledFor ? 'schedule' : 'publish';
    const revisionId = await insertedId(
      admin
        .from('content_revisions')
        .insert({ entry_id: id, locale, slug, front_matter, body, document_version: 1, kind })
        .select('id')
        .single(),
    );
    const pointer = scheduledFor
      ? { scheduled_revision_id: revisionId, scheduled_for: scheduledFor.toISOString() }
      : { live_revision_id: revisionId, live_version: 1 };
    await run(admin.from('content_documents').update(pointer).eq('entry_id', id).eq('locale', locale));
  }
  // Until then, an instance may still answer with the page it had.
  if (!draftOnly && !scheduledFor && waitForPages) await markBlogChanged();
  return { id, slug };
}

/** What the editor does after a change visitors see, on the instance at `origin`: here through the tick, which calls contentChanged(). */
export async function tick(request: APIRequestContext, origin: string): Promise<{ promoted: { blog: number; vacancies: number } }> {
  const response = await request.post(`${origin}/api/content/tick`, { headers: { Authorization: `Bearer ${E2E_CRON_SECRET}` } });
  if (!response.ok()) throw new Error(`tick answered ${response.status()}`);
  return response.json();
}

/**
 * Waits out a public page's lifetime (src/lib/page-cache/lifetimes.mjs) after a change made behind
 * the site's back: by then every instance renders its pages anew, as it does for a visitor.
 */
export async function markBlogChanged(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, PAGE_EXPIRE_SECONDS * 1000 + 500));
}

/** Takes a post off the site (both pointers cleared), as unpublishing does, then waits out the pages' lifetime. */
export async function unpublishPost(id: string, { waitForPages = true }: { waitForPages?: boolean } = {}): Promise<void> {
  const admin = contentAdmin();
  await run(
    admin
      .from('content_documents')
      .update({ live_revision_id: null, live_version: null, scheduled_revision_id: null, scheduled_for: null })
      .eq('entry_id', id),
  );
  if (waitForPages) await markBlogChanged();
}

/** Removes the posts a test made, so other tests' lists stay as the files left them. */
export async function removePosts(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await run(contentAdmin().from('content_entries').delete().in('id', ids));
  await markBlogChanged();
}

/**
 * A redirect as "<status> <location>". Next writes the Location header twice on the render that
 * makes the redirect (the same value, which browsers accept), once when it serves it from the
 * cache: the distinct values are compared.
 */
export async function redirectOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0 });
  const locations = new Set(
    response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'location')
      .map((h) => h.value),
  );
  return `${response.status()} ${[...locations].join(' ')}`;
}

/**
 * Uploads a PNG of one random colour (so its content hash is new) through the image library page,
 * as a signed-in content editor, and returns that hash.
 */
export async function uploadLibraryImage(page: Page, alt: { nl: string; en: string }, size = { width: 800, height: 300 }): Promise<string> {
  await page.goto('/account/content/images');
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const png = await sharp({ create: { ...size, channels: 3, background } })
    .png()
    .toBuffer();
  await page.getByLabel(nlImages.upload.image, { exact: true }).setInputFiles({ name: 'image.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('textbox', { name: nlImages.upload.altNl }).fill(alt.nl);
  await page.getByRole('textbox', { name: nlImages.upload.altEn }).fill(alt.en);
  await page.getByRole('button', { name: nlImages.upload.submit, exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(nlImages.upload.added);
  const snippet = await page.getByRole('textbox', { name: nlImages.list.snippetNl }).first().inputValue();
  const hash = /\/content-images\/([0-9a-f]{64})\//.exec(snippet)?.[1] ?? '';
  expect(hash).not.toBe('');
  return hash;
}

/** Removes images a test added to the library, their files and their rows. */
export async function removeLibraryImages(hashes: string[]): Promise<void> {
  if (hashes.length === 0) return;
  const admin = contentAdmin();
  const rows = await admin.from('content_images').select('variants').in('content_hash', hashes);
  const paths = (rows.data ?? []).flatMap((row) => (Array.isArray(row.variants) ? row.variants : []).flatMap(variantPath));
  if (paths.length > 0) await admin.storage.from('content-images').remove(paths);
  await admin.from('content_images').delete().in('content_hash', hashes);
}

function variantPath(variant: unknown): string[] {
  return typeof variant === 'object' && variant !== null && 'path' in variant && typeof variant.path === 'string' ? [variant.path] : [];
}
