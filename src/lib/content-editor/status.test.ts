import { describe, expect, it } from 'vitest';

import { documentStatus } from './status';

const now = new Date('2026-11-26T12:00:00Z');
const base = { version: 3, live_version: null, scheduled_for: null, scheduled_version: null };

describe('a language’s status in the editor', () => {
  it('is a draft until it is published or scheduled', () => {
    expect(documentStatus(base, now)).toBe('draft');
  });

  it('is published while the working copy is the version that went live, and changed after an edit', () => {
    expect(documentStatus({ ...base, live_version: 3 }, now)).toBe('published');
    expect(documentStatus({ ...base, live_version: 2 }, now)).toBe('changed');
  });

  it('is scheduled until its time, then published as the scheduled version', () => {
    const scheduled = { ...base, live_version: 2, scheduled_for: '2026-11-27T09:00:00Z', scheduled_version: 3 };
    expect(documentStatus(scheduled, now)).toBe('scheduled');
    expect(documentStatus({ ...scheduled, scheduled_for: '2026-11-26T11:00:00Z' }, now)).toBe('published');
    expect(documentStatus({ ...scheduled, scheduled_for: '2026-11-26T11:00:00Z', version: 4 }, now)).toBe('changed');
  });
});
