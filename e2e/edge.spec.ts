import { randomUUID } from 'node:crypto';

import type { APIRequestContext } from '@playwright/test';
import { Agent, fetch as fetchFrom, FormData as UndiciFormData } from 'undici';

import { pdf } from './support/application-files';
import { loopbackAddress } from './support/client-addresses';
import { contentAdmin, removePosts, seedPost, unpublishPost } from './support/content';
import { expect, test } from './support/i18n';
import { edgeURL } from '../config/e2e-servers';
import { PAGE_EXPIRE_SECONDS } from '../src/lib/page-cache/lifetimes.mjs';

/*
 * The production topology: the recommended edge (deploy/nginx/, started by playwright.config.ts) in
 * front of both `next start` instances, as a visitor meets it. The editor's promise holds through
 * it, and it never keeps what is one visitor's own.
 */
const at = (path: string) => `${edgeURL}${path}`;

/**
 * Well within the promise's 5 s at p95 (the bench measures it), and still a bound: two caches of
 * PAGE_EXPIRE_SECONDS each, a render, and this machine running the rest of the suite beside it.
 */
const PROMISE_MS = 2 * PAGE_EXPIRE_SECONDS * 1000 + 6_000;

/** Every address a post shows at, for an anonymous visitor: its pages, the lists, the feeds, the sitemap and search. */
function placesOf(slug: string, title: string) {
  const search = `/search?${new URLSearchParams({ q: title })}`;
  return [
    { path: `/blog/${slug}`, shows: (status: number) => status === 200 },
    { path: `/en/blog/${slug}`, shows: (status: number) => status === 200 },
    { path: '/blog', shows: (_status: number, body: string) => body.includes(title) },
    { path: '/en/blog', shows: (_status: number, body: string) => body.includes(title) },
    { path: '/blog/rss.xml', shows: (_status: number, body: string) => body.includes(title) },
    { path: '/en/blog/rss.xml', shows: (_status: number, body: string) => body.includes(title) },
    { path: '/sitemap.xml', shows: (_status: number, body: string) => body.includes(`/blog/${slug}`) },
    { path: search, shows: (_status: number, body: string) => body.includes(`/blog/${slug}`) },
    { path: `/en${search}`, shows: (_status: number, body: string) => body.includes(`/en/blog/${slug}`) },
  ];
}

async function shows(request: APIRequestContext, place: ReturnType<typeof placesOf>[number]): Promise<boolean> {
  const response = await request.get(at(place.path), { maxRedirects: 0 });
  return place.shows(response.status(), await response.text());
}

test.describe('the edge in front of both instances', () => {
  test('a publication shows, and an unpublished post goes, everywhere within seconds, in both languages', async ({ request }) => {
    test.setTimeout(90_000);
    const title = `Door de rand ${randomUUID().slice(0, 8)}`;
    const post = await seedPost(title, { locales: ['nl', 'en'], draftOnly: true });
    const places = placesOf(post.slug, title);
    try {
      // The edge and both instances hold every list, feed and the sitemap from before, and the 404.
      for (const place of places) expect(await shows(request, place), place.path).toBe(false);

      const { data, error } = await contentAdmin().from('content_documents').select('locale, front_matter, body').eq('entry_id', post.id);
      if (error !== null) throw error;
      for (const document of data) {
        const { data: revision, error: revisionError } = await contentAdmin()
          .from('content_revisions')
          .insert({
            entry_id: post.id,
            locale: document.locale,
            slug: post.slug,
            front_matter: document.front_matter,
            body: document.body,
            document_version: 1,
            kind: 'publish',
          })
          .select('id')
          .single();
        if (revisionError !== null) throw revisionError;
        const { error: liveError } = await contentAdmin()
          .from('content_documents')
          .update({ live_revision_id: revision.id, live_version: 1 })
          .eq('entry_id', post.id)
          .eq('locale', document.locale);
        if (liveError !== null) throw liveError;
      }
      // Published behind the site's back: no instance is told, as for an instance that did not publish it.
      for (const place of places) {
        await expect.poll(() => shows(request, place), { message: `${place.path} shows the post`, timeout: PROMISE_MS }).toBe(true);
      }

      await unpublishPost(post.id, { waitForPages: false });
      for (const place of places) {
        await expect.poll(() => shows(request, place), { message: `${place.path} no longer shows it`, timeout: PROMISE_MS }).toBe(false);
      }
    } finally {
      await removePosts([post.id]);
    }
  });

  test('keeps anonymous pages for seconds, and nothing of a signed-in or previewing visitor', async ({ request }) => {
    const statuses = [];
    for (let visit = 0; visit < 3; visit += 1) statuses.push((await request.get(at('/en/about-us'))).headers()['x-cache-status']);
    expect(statuses).toContain('HIT');
    const page = await request.get(at('/en/about-us'));
    expect(page.headers()['cache-control']).toBe(`s-maxage=1, stale-while-revalidate=${PAGE_EXPIRE_SECONDS - 1}`);

    for (const cookie of ['sb-127-auth-token=base64-x', 'sb-127-auth-token.0=base64-x', '__prerender_bypass=x']) {
      const personal = await request.get(at('/en/about-us'), { headers: { cookie } });
      expect(personal.headers()['x-cache-status'], cookie).toBe('BYPASS');
    }
    // Leaving a preview sets a cookie: never stored, whoever asks next.
    for (let visit = 0; visit < 2; visit += 1) {
      const exit = await request.get(at('/api/content/preview/exit?path=/en'), { maxRedirects: 0 });
      expect(exit.status()).toBe(307);
      expect(exit.headers()['x-cache-status']).not.toBe('HIT');
    }
  });

  test('hands the instances the visitor’s address as the edge saw it, whatever the visitor claims', async () => {
    // One visitor on a loopback address of its own, as the edge sees it; four applications, each
    // claiming another address: the fourth is refused.
    const dispatcher = new Agent({ localAddress: loopbackAddress() });
    const answers = [];
    try {
      for (let i = 0; i < 4; i += 1) {
        const form = new UndiciFormData();
        form.append('locale', 'nl');
        form.append('name', 'Sanne de Vries');
        form.append('email', `rand-${i}-${randomUUID().slice(0, 6)}@example.nl`);
        form.append('motivation', 'Ik bouw al acht jaar webapplicaties met TypeScript en wil graag bij een klein team werken.');
        form.append('consent', 'on');
        form.append('cv', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'cv.pdf');
        const sent = await fetchFrom(at('/api/applications'), {
          method: 'POST',
          body: form,
          headers: { accept: 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
          dispatcher,
        });
        answers.push(((await sent.json()) as { status: string; reason?: string }).reason ?? 'received');
      }
    } finally {
      await dispatcher.close();
    }
    expect(answers).toEqual(['received', 'received', 'received', 'rateLimited']);
  });

  test('sends the build’s files precompressed, for a year, and the pages compressed', async ({ request }) => {
    const html = await (await request.get(at('/en'))).text();
    const script = /\/_next\/static\/chunks\/[^"]+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    const brotli = await request.get(at(script ?? ''), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await request.get(at(script ?? ''), { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const page = await request.get(at('/en'), { headers: { 'accept-encoding': 'br' } });
    expect(page.headers()['content-encoding']).toBe('br');
  });
});
