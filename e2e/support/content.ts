import { randomUUID } from 'node:crypto';

import type { APIRequestContext } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';

import { backendUrl } from './backend';
import { E2E_CRON_SECRET } from '../../config/e2e-servers';
import { SERVICE_ROLE_KEY } from '../../local-supabase/src/keys';
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
