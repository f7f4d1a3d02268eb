import { describe, expect, it } from 'vitest';

import { labelFactors } from './factor-labels';

describe('labelFactors', () => {
  it('leaves a single app unnumbered, and says none remain after unlinking it', () => {
    const only = { id: 'a', created_at: '2026-11-25T17:35:12Z', factor_type: 'totp' };
    expect(labelFactors([only])).toEqual([{ factor: only, number: null, others: [] }]);
  });

  it('numbers several apps in the order they were linked, each leaving the others', () => {
    const later = { id: 'b', created_at: '2026-11-26T09:00:00Z', factor_type: 'totp' };
    const earlier = { id: 'a', created_at: '2026-11-25T17:35:12Z', factor_type: 'totp' };
    expect(labelFactors([later, earlier])).toEqual([
      { factor: earlier, number: 1, others: [later] },
      { factor: later, number: 2, others: [earlier] },
    ]);
  });

  it('numbers apps and phones each among their own kind, and counts both as what remains', () => {
    const app = { id: 'a', created_at: '2026-11-25T10:00:00Z', factor_type: 'totp' };
    const phone = { id: 'p', created_at: '2026-11-26T10:00:00Z', factor_type: 'phone' };
    const secondApp = { id: 'b', created_at: '2026-11-27T10:00:00Z', factor_type: 'totp' };
    expect(labelFactors([secondApp, phone, app])).toEqual([
      { factor: app, number: 1, others: [phone, secondApp] },
      { factor: phone, number: null, others: [app, secondApp] },
      { factor: secondApp, number: 2, others: [app, phone] },
    ]);
  });
});
