// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  applyChangeTimes,
  builtFromOldContent,
  CONTENT_UNAVAILABLE_TAG,
  contentVersionTag,
  renderedWithoutContent,
  syncContentVersions,
} from './shared-content-tags.mjs';

const page = (tags: string) => ({ value: { headers: { 'x-next-cache-tags': tags } } });

describe('content versions', () => {
  it('tag what is built from a collection with the version this instance knows, and call it old once that moves on', () => {
    applyChangeTimes([{ collection: 'blog', changed_at: '2026-11-26T10:00:00.000001+00:00' }]);
    const built = page(`_N_T_/layout,content:blog,${contentVersionTag('blog')}`);
    expect(builtFromOldContent(built)).toBe(false);

    applyChangeTimes([{ collection: 'blog', changed_at: '2026-11-26T10:00:05.000001+00:00' }]);
    expect(builtFromOldContent(built)).toBe(true);
    expect(builtFromOldContent(page(`content:blog,${contentVersionTag('blog')}`))).toBe(false);
  });

  it('compare versions, not clocks: a change time behind the last one is a change too', () => {
    applyChangeTimes([{ collection: 'vacancies', changed_at: '2026-11-26T10:00:00+00:00' }]);
    const built = page(contentVersionTag('vacancies'));
    applyChangeTimes([{ collection: 'vacancies', changed_at: '2026-11-25T10:00:00+00:00' }]);
    expect(builtFromOldContent(built)).toBe(true);
  });

  it('keep a page of one collection when another changes, and pages that read no content', () => {
    applyChangeTimes([{ collection: 'blog', changed_at: '2026-11-26T11:00:00+00:00' }]);
    const blogPage = page(contentVersionTag('blog'));
    applyChangeTimes([{ collection: 'vacancies', changed_at: '2026-11-26T11:00:01+00:00' }]);
    expect(builtFromOldContent(blogPage)).toBe(false);
    expect(builtFromOldContent(page('_N_T_/layout,_N_T_/nl/contact-us'))).toBe(false);
    expect(builtFromOldContent(null)).toBe(false);
  });

  it('know a page the build rendered without content by its tag', () => {
    expect(renderedWithoutContent(page(`_N_T_/layout,content:blog,${CONTENT_UNAVAILABLE_TAG}`))).toBe(true);
    expect(renderedWithoutContent(page('_N_T_/layout,content:blog'))).toBe(false);
    expect(renderedWithoutContent(null)).toBe(false);
  });
});

describe('syncContentVersions', () => {
  let answer: { status: number; body: unknown } = { status: 200, body: [] };
  let calls = 0;
  const server = http.createServer((request, response) => {
    calls += 1;
    const authorized = request.url === '/rest/v1/rpc/content_changed_at' && request.headers.apikey === 'anon-key';
    response.writeHead(authorized ? answer.status : 401, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(authorized ? answer.body : { message: 'no' }));
  });
  let env: Record<string, string>;
  let clock = Date.parse('2026-11-26T12:00:00Z');
  /** Moves this process's clock past the one-second interval between reads. */
  const nextSecond = () => vi.setSystemTime((clock += 1500));

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = {
      NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      NEXT_PUBLIC_SUPABASE_ANON_KEY: 'anon-key',
    };
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    vi.useRealTimers();
    await new Promise((resolve) => server.close(resolve));
  });

  it('takes the versions the database gives, asking at most once a second, one request for concurrent callers', async () => {
    answer = {
      status: 200,
      body: [
        { collection: 'blog', changed_at: '2026-11-26T12:00:00+00:00' },
        { collection: 'vacancies', changed_at: null },
      ],
    };
    nextSecond();
    calls = 0;
    await Promise.all([syncContentVersions(env), syncContentVersions(env), syncContentVersions(env)]);
    expect(calls).toBe(1);
    expect(contentVersionTag('blog')).toBe('content:blog@2026-11-26T12:00:00+00:00');
    expect(contentVersionTag('vacancies')).toBe('content:vacancies@none');

    answer = { status: 200, body: [{ collection: 'blog', changed_at: '2026-11-26T12:00:01+00:00' }] };
    await syncContentVersions(env);
    expect(calls).toBe(1);
    nextSecond();
    await syncContentVersions(env);
    expect(contentVersionTag('blog')).toBe('content:blog@2026-11-26T12:00:01+00:00');
  });

  it('keeps the versions it knows while the backend fails, says so once, and asks again on the next call', async () => {
    answer = { status: 200, body: [{ collection: 'blog', changed_at: '2026-11-26T13:00:00+00:00' }] };
    nextSecond();
    await syncContentVersions(env);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    answer = { status: 503, body: { message: 'down' } };
    nextSecond();
    await syncContentVersions(env);
    await syncContentVersions(env);
    expect(contentVersionTag('blog')).toBe('content:blog@2026-11-26T13:00:00+00:00');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('status 503');

    answer = { status: 200, body: [{ collection: 'blog', changed_at: '2026-11-26T13:00:09+00:00' }] };
    await syncContentVersions(env);
    expect(contentVersionTag('blog')).toBe('content:blog@2026-11-26T13:00:09+00:00');
  });
});
