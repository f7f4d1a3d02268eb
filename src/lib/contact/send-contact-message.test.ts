import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ContactMessage } from './contact-schema';

const consumeRateLimit = vi.fn<(bucket: string, max: number, windowSeconds: number) => Promise<boolean | null>>();
vi.mock('@/lib/rate-limit', () => ({
  consumeRateLimit: (...args: [string, number, number]) => consumeRateLimit(...args),
  consumeSiteCap: (...args: [string, number, number]) => consumeRateLimit(...args),
}));
const insert = vi.fn();
const from = vi.fn((table: string) => ({ table, insert }));
const createAdminClient = vi.fn(() => ({ from }));
vi.mock('@/lib/supabase/admin', () => ({ createAdminClient: () => createAdminClient() }));
// The visitor's own session must play no part: only the server may insert.
const createClient = vi.fn();
vi.mock('@/lib/supabase/server', () => ({ createClient: () => createClient() }));

const { sendContactMessage } = await import('./send-contact-message');
const { CONTACT_RATE_LIMIT, CONTACT_SITE_RATE_LIMIT, SITE_BUCKET } = await import('./contact-limits');

const message: ContactMessage = {
  name: 'Sanne de Vries',
  email: 'sanne@example.nl',
  subject: 'general',
  vacancy: 'Senior developer',
  message: 'Een vraag over jullie werkwijze.',
  consent: 'on',
};

/** Lets the visitor's bucket and the site's bucket answer separately. */
function limits(visitor: boolean | null, site: boolean | null) {
  consumeRateLimit.mockImplementation(async (bucket) => (bucket === SITE_BUCKET ? site : visitor));
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  limits(true, true);
  insert.mockResolvedValue({ error: null });
});

describe('sendContactMessage', () => {
  it('counts the visitor and the site against their limits and stores the message with the server-only client', async () => {
    expect(await sendContactMessage(message, 'en', 'abc')).toBe('sent');
    expect(consumeRateLimit).toHaveBeenNthCalledWith(1, 'contact:abc', CONTACT_RATE_LIMIT.maxMessages, CONTACT_RATE_LIMIT.windowSeconds);
    expect(consumeRateLimit).toHaveBeenNthCalledWith(
      2,
      SITE_BUCKET,
      CONTACT_SITE_RATE_LIMIT.maxMessages,
      CONTACT_SITE_RATE_LIMIT.windowSeconds,
    );
    expect(createAdminClient).toHaveBeenCalled();
    expect(createClient).not.toHaveBeenCalled();
    expect(from).toHaveBeenCalledWith('contact_messages');
    // The vacancy only belongs with the vacancy subject.
    expect(insert).toHaveBeenCalledWith(expect.objectContaining({ subject: 'general', vacancy: null, company: null, locale: 'en' }));
  });

  it('refuses without storing once the visitor reached their limit, and leaves the site budget alone', async () => {
    limits(false, true);
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('rateLimited');
    expect(consumeRateLimit).toHaveBeenCalledTimes(1);
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses without storing once the site-wide cap for the hour is reached', async () => {
    limits(true, false);
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('busy');
    expect(insert).not.toHaveBeenCalled();
  });

  it('fails closed when the limiter cannot be reached: nothing is stored', async () => {
    for (const [visitor, site] of [
      [null, true],
      [true, null],
    ] as const) {
      limits(visitor, site);
      expect(await sendContactMessage(message, 'nl', 'abc')).toBe('unavailable');
    }
    expect(insert).not.toHaveBeenCalled();
  });

  it('reports the database refusing or being unreachable as unavailable', async () => {
    insert.mockResolvedValueOnce({ error: { code: '23514', message: 'check violation' } });
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('unavailable');
    insert.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('unavailable');
  });
});
