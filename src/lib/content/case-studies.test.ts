import { describe, expect, it } from 'vitest';

import { newestWorkFirst } from './case-studies';

const study = (slug: string, from: string, until?: string) => ({
  slug,
  data: { period: until === undefined ? { from } : { from, until } },
});

describe('the order of the case studies', () => {
  it('puts running projects first, then the most recently finished, then the most recently started', () => {
    const ordered = newestWorkFirst([
      study('oud', '2023-01', '2023-09'),
      study('loopt-nog', '2026-01'),
      study('net-klaar', '2025-02', '2025-11'),
      study('ook-net-klaar', '2025-06', '2025-11'),
    ]);
    expect(ordered.map((c) => c.slug)).toEqual(['loopt-nog', 'ook-net-klaar', 'net-klaar', 'oud']);
  });
});
