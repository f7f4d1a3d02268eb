import path from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn, staffWithFactor } from './roles';
import { validFrontMatter } from './support/front-matter';
import { DEMO, startTestBackend, type TestBackend } from '../../local-supabase/test/helpers';
import type { Database } from '../../src/lib/supabase/database.types';

// The public side's additions: scheduled content as visitors read it, the import and the tick
// (service role only).
const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');

type Client = SupabaseClient<Database>;

let backend: TestBackend;
let admin: Client;
let editor: Client;
const OUTSIDERS = ['an anonymous visitor', 'a signed-in user', 'staff without the content role at aal2', 'content staff at aal1'] as const;
const outsiders = new Map<(typeof OUTSIDERS)[number], Client>();

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: MIGRATIONS });
  admin = backend.admin();
  const content = await staffWithFactor(backend, ['content']);
  editor = content.aal2;
  const recruiting = await staffWithFactor(backend, ['recruiting', 'inbox', 'admin']);
  outsiders.set('an anonymous visitor', backend.client());
  outsiders.set('a signed-in user', (await signedIn(backend, DEMO)).client);
  outsiders.set('staff without the content role at aal2', recruiting.aal2);
  outsiders.set('content staff at aal1', (await signedIn(backend, content.account)).client);
});
afterAll(async () => {
  await backend?.close();
});

describe('scheduled content', () => {
  it('is published by its time in what visitors read, before any tick, and the tick then makes it live', async () => {
    const { data: entry } = await admin.from('content_entries').insert({ collection: 'vacancies', slug: 'due-soon' }).select('id').single();
    const entryId = entry?.id ?? '';
    const fm = validFrontMatter('vacancies', { title: 'Gepland' });
    await admin.from('content_documents').insert({ entry_id: entryId, locale: 'nl', front_matter: fm, body: 'x' });
    const { data: revision } = await admin
      .from('content_revisions')
      .insert({ entry_id: entryId, locale: 'nl', slug: 'due-soon', front_matter: fm, body: 'x', document_version: 1, kind: 'schedule' })
      .select('id')
      .single();
    const dueAt = new Date(Date.now() + 1500).toISOString();
    await admin.from('content_documents').update({ scheduled_revision_id: revision?.id, scheduled_for: dueAt }).eq('entry_id', entryId);
    const published = async () =>
      ((await backend.client().rpc('published_content', { wanted_collection: 'vacancies' })).data ?? []).map(
        (row: { slug: string }) => row.slug,
      );
    expect(await published()).not.toContain('due-soon');

    // Nothing marks the change when the time comes; the schedule itself is the change.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(dueAt) - Date.now() + 100));
    expect(await published()).toContain('due-soon');

    const promoted = await admin.rpc('content_promote_due');
    expect(promoted.data).toContainEqual({ collection: 'vacancies', promoted: 1 });
    const { data: document } = await admin
      .from('content_documents')
      .select('live_revision_id, scheduled_for')
      .eq('entry_id', entryId)
      .single();
    expect(document).toEqual({ live_revision_id: revision?.id, scheduled_for: null });
    const { data: audit } = await admin.from('content_audit').select('action, detail').eq('entry_id', entryId).eq('action', 'publish');
    expect(audit).toEqual([{ action: 'publish', detail: { revision_id: revision?.id, by: 'schedule' } }]);
  });

  it.each(OUTSIDERS)('%s cannot learn when the next scheduled publication is due', async (name) => {
    const client = outsiders.get(name);
    if (client === undefined) throw new Error(`no client for ${name}`);
    for (const fn of ['content_next_scheduled', 'content_changed_at']) {
      const { error } = await client.rpc(fn as 'published_content', { wanted_collection: 'blog' });
      expect(error?.code, `${name} ${fn}`).toBe('PGRST202');
    }
  });
});

describe('the import and the tick', () => {
  it.each([...OUTSIDERS, 'content staff at aal2'] as const)('are the service role’s alone, not for %s', async (name) => {
    const client = name === 'content staff at aal2' ? editor : outsiders.get(name);
    if (client === undefined) throw new Error(name);
    const imported = await client.rpc('content_import', {
      wanted_collection: 'blog',
      wanted_slug: 'sneaked-in',
      wanted_locale: 'nl',
      wanted_front_matter: validFrontMatter('blog', { title: 'Binnengesmokkeld' }),
      wanted_body: 'x',
      published_at: new Date().toISOString(),
      revised_at: new Date().toISOString(),
    });
    expect(imported.error, name).not.toBeNull();
    expect((await client.rpc('content_promote_due')).error, name).not.toBeNull();
    const { data } = await admin.from('content_entries').select('id').eq('slug', 'sneaked-in');
    expect(data).toEqual([]);
  });
});
