import 'server-only';

import type { Locale } from '@/i18n/routing';
import { consumeRateLimit } from '@/lib/rate-limit';
import { createClient } from '@/lib/supabase/server';
import type { ContactMessage } from './contact-schema';

/** At most this many messages per visitor (hashed IP) per window. */
export const CONTACT_RATE_LIMIT = { maxMessages: 5, windowSeconds: 60 * 60 } as const;

export type SendOutcome = 'sent' | 'rateLimited' | 'unavailable';

/** Stores a validated message in contact_messages, as the visitor (RLS lets anyone insert). */
export async function sendContactMessage(message: ContactMessage, locale: Locale, visitorKey: string): Promise<SendOutcome> {
  const allowed = await consumeRateLimit(`contact:${visitorKey}`, CONTACT_RATE_LIMIT.maxMessages, CONTACT_RATE_LIMIT.windowSeconds);
  // Fail open when the limiter itself is unreachable: losing a real message is worse than a
  // few extra spam messages, and the insert below fails anyway if the database is down.
  if (allowed === false) return 'rateLimited';

  try {
    const supabase = await createClient();
    const { error } = await supabase.from('contact_messages').insert({
      name: message.name,
      email: message.email,
      company: message.company ?? null,
      phone: message.phone ?? null,
      subject: message.subject,
      vacancy: message.subject === 'vacancy' ? (message.vacancy ?? null) : null,
      message: message.message,
      locale,
    });
    if (error) {
      console.error('[contact] message not stored:', error.code, error.message);
      return 'unavailable';
    }
    return 'sent';
  } catch (cause) {
    console.error('[contact] message not stored:', cause);
    return 'unavailable';
  }
}
