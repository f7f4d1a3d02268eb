import { beforeEach, describe, expect, it, vi } from 'vitest';

const env = vi.hoisted(() => ({ rateLimitSecret: '' }));
vi.mock('@/lib/env/server', () => ({ getServerEnv: () => env }));
const { MAX_SEALED_LENGTH, openDraft, sealDraft, SEALED_PREFIX } = await import('./sealed-draft');

const draft = {
  locale: 'nl' as const,
  vacancySlug: 'senior-frontend-developer',
  values: { name: 'Noor Bakker', email: 'noor@example.nl', motivation: 'Ik bouw graag toegankelijke interfaces. '.repeat(20) },
  errors: { cv: 'file.required' },
  failure: 'unavailable',
};

beforeEach(() => {
  env.rateLimitSecret = 'a-test-secret-that-is-long-enough-for-hmac-keys';
});

describe('a draft sealed into its cookie', () => {
  it('comes back whole, and its value shows none of the typed text', async () => {
    const sealed = await sealDraft(draft, 3600);
    expect(sealed).not.toBeNull();
    expect(sealed?.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed).not.toContain('Noor');
    expect(sealed).not.toContain(Buffer.from('Noor Bakker').toString('base64url'));
    expect(await openDraft(sealed ?? '')).toEqual(draft);
  });

  it('fits a cookie with the longest motivation the form takes', async () => {
    const longest = {
      ...draft,
      values: { ...draft.values, motivation: 'Toegankelijkheid is voor mij geen bijzaak, maar het begin. '.repeat(66).slice(0, 4000) },
    };
    const sealed = await sealDraft(longest, 3600);
    expect(sealed?.length).toBeLessThanOrEqual(MAX_SEALED_LENGTH);
    expect((await openDraft(sealed ?? ''))?.values.motivation).toBe(longest.values.motivation);
  });

  it('is not sealed when it would not fit a cookie', async () => {
    const random = Array.from({ length: 4000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('');
    expect(await sealDraft({ ...draft, values: { ...draft.values, motivation: random } }, 3600)).toBeNull();
  });

  it('opens only with the server secret it was sealed with, unaltered and unexpired', async () => {
    const sealed = (await sealDraft(draft, 3600)) ?? '';
    env.rateLimitSecret = 'another-secret-that-is-long-enough-for-hmac-keys';
    expect(await openDraft(sealed)).toBeNull();
    env.rateLimitSecret = 'a-test-secret-that-is-long-enough-for-hmac-keys';
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`;
    expect(await openDraft(flipped)).toBeNull();
    expect(await openDraft('s.not-a-token')).toBeNull();
    expect(await openDraft('3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b')).toBeNull();

    vi.useFakeTimers({ now: Date.now() });
    const expiring = (await sealDraft(draft, 60)) ?? '';
    vi.setSystemTime(Date.now() + 61_000);
    expect(await openDraft(expiring)).toBeNull();
    vi.useRealTimers();
  });
});
