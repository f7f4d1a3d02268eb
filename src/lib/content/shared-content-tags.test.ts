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
    expect(areTagsExpired(['content:blog'], Date.now() + 1000)).toBe(false);
  });

  it('only move a tag forward, never back to an older time', () => {
    const later = Date.now() + 60_000;
    tagsManifest.set('content:blog', { expired: later });
    applyChangeTimes([{ collection: 'blog', changed_at: new Date().toISOString() }]);
    expect(tagsManifest.get('content:blog')).toEqual({ expired: later });
  });

  it("expire at once whatever the database's clock says, ahead of this instance's or behind it", () => {
    for (const skew of [3_600_000, -3_600_000]) {
      tagsManifest.clear();
      const cachedAt = Date.now() - 1000;
      applyChangeTimes([{ collection: 'blog', changed_at: new Date(Date.now() + skew).toISOString() }]);
      expect(areTagsExpired(['content:blog'], cachedAt), `database clock ${skew} ms off`).toBe(true);
    }
  });

  it('take a change time seen before for no change: what was rendered since stays current', () => {
    const changedAt = new Date(Date.now() - 5000).toISOString();
    applyChangeTimes([{ collection: 'vacancies', changed_at: changedAt }], Date.now() - 2000);
    const renderedSince = Date.now() - 1000;
    applyChangeTimes([{ collection: 'vacancies', changed_at: changedAt }]);
    expect(areTagsExpired(['content:vacancies'], renderedSince)).toBe(false);
  });

  it('know a page the build rendered without content by its tag', () => {
    const page = (tags: string) => ({ value: { headers: { 'x-next-cache-tags': tags } } });
    expect(renderedWithoutContent(page(`_N_T_/layout,content:blog,${CONTENT_UNAVAILABLE_TAG}`))).toBe(true);
    expect(renderedWithoutContent(page('_N_T_/layout,content:blog'))).toBe(false);
    expect(renderedWithoutContent(null)).toBe(false);
  });
});
