import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from './contact-schema';

vi.mock('server-only', () => ({}));
const consumeRateLimit = vi.fn<(bucket: string, max: number, windowSeconds: number) => Promise<boolean | null>>();
vi.mock('@/lib/rate-limit', () => ({ consumeRateLimit: (...args: [string, number, number]) => consumeRateLimit(...args) }));
const insert = vi.fn();
const createClient = vi.fn(async () => ({ from: () => ({ insert }) }));
vi.mock('@/lib/supabase/server', () => ({ createClient: () => createClient() }));

const { sendContactMessage, CONTACT_RATE_LIMIT } = await import('./send-contact-message');

const message: ContactMessage = {
  name: 'Sanne de Vries',
  email: 'sanne@example.nl',
  subject: 'general',
  vacancy: 'Senior developer',
  message: 'Een vraag over jullie werkwijze.',
  consent: 'on',
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  consumeRateLimit.mockResolvedValue(true);
  insert.mockResolvedValue({ error: null });
});

describe('sendContactMessage', () => {
  it('counts the visitor against the limit and stores the message as sent', async () => {
    expect(await sendContactMessage(message, 'en', 'abc')).toBe('sent');
    expect(consumeRateLimit).toHaveBeenCalledWith('contact:abc', CONTACT_RATE_LIMIT.maxMessages, CONTACT_RATE_LIMIT.windowSeconds);
    // The vacancy only belongs with the vacancy subject.
    expect(insert).toHaveBeenCalledWith(expect.objectContaining({ subject: 'general', vacancy: null, company: null, locale: 'en' }));
  });

  it('refuses without storing once the limit is reached', async () => {
    consumeRateLimit.mockResolvedValue(false);
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('rateLimited');
    expect(insert).not.toHaveBeenCalled();
  });

  it('still stores the message when the limiter cannot be reached', async () => {
    consumeRateLimit.mockResolvedValue(null);
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('sent');
  });

  it('reports the database refusing or being unreachable as unavailable', async () => {
    insert.mockResolvedValueOnce({ error: { code: '23514', message: 'check violation' } });
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('unavailable');
    insert.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await sendContactMessage(message, 'nl', 'abc')).toBe('unavailable');
  });
});
