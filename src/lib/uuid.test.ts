import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts the ids the database and crypto.randomUUID() hand out, in either case', () => {
    const id = randomUUID();
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
  });

  it('refuses anything else without throwing', () => {
    for (const value of ['', 'abc', `${randomUUID()}x`, ` ${randomUUID()}`, 42, null, undefined, {}]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
