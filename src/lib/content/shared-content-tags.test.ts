// @vitest-environment node
import tagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { beforeEach, describe, expect, it } from 'vitest';

import { applyChangeTimes, CONTENT_UNAVAILABLE_TAG, renderedWithoutContent } from './shared-content-tags.mjs';

const { tagsManifest, areTagsExpired } = tagsManifestModule;

describe('shared content change times', () => {
  beforeEach(() => tagsManifest.clear());

  it('expire what this instance cached before a change recorded by another', () => {
    const cachedAt = Date.now() - 60_000;
    expect(areTagsExpired(['content:blog'], cachedAt)).toBe(false);
    applyChangeTimes([
      { collection: 'blog', changed_at: new Date(Date.now() - 1000).toISOString() },
      { collection: 'vacancies', changed_at: null },
    ]);
    expect(areTagsExpired(['content:blog'], cachedAt)).toBe(true);
    expect(areTagsExpired(['content:vacancies'], cachedAt)).toBe(false);
    // A page rendered after the change is current.
    expect(areTagsExpired(['content:blog'], Date.now())).toBe(false);
  });

  it('only move a tag forward, never back to an older time', () => {
    const later = Date.now() - 1000;
    tagsManifest.set('content:blog', { expired: later });
    applyChangeTimes([{ collection: 'blog', changed_at: new Date(later - 30_000).toISOString() }]);
    expect(tagsManifest.get('content:blog')).toEqual({ expired: later });
  });

  it('know a page the build rendered without content by its tag', () => {
    const page = (tags: string) => ({ value: { headers: { 'x-next-cache-tags': tags } } });
    expect(renderedWithoutContent(page(`_N_T_/layout,content:blog,${CONTENT_UNAVAILABLE_TAG}`))).toBe(true);
    expect(renderedWithoutContent(page('_N_T_/layout,content:blog'))).toBe(false);
    expect(renderedWithoutContent(null)).toBe(false);
  });
});
