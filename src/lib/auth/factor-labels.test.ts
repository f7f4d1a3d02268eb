import { describe, expect, it } from 'vitest';

import { labelFactors } from './factor-labels';

describe('labelFactors', () => {
  it('leaves a single app unnumbered, and says none remain after unlinking it', () => {
    expect(labelFactors([{ id: 'a', created_at: '2026-11-25T17:35:12Z' }])).toEqual([
      { factor: { id: 'a', created_at: '2026-11-25T17:35:12Z' }, number: null, othersLeft: 0 },
    ]);
  });

  it('numbers several apps in the order they were linked, each leaving the others', () => {
    const later = { id: 'b', created_at: '2026-11-26T09:00:00Z' };
    const earlier = { id: 'a', created_at: '2026-11-25T17:35:12Z' };
    expect(labelFactors([later, earlier])).toEqual([
      { factor: earlier, number: 1, othersLeft: 1 },
      { factor: later, number: 2, othersLeft: 1 },
    ]);
  });
});
