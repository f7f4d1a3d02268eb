import 'server-only';

import type { Locale } from '@/i18n/routing';
import { consumeRateLimit, consumeSiteCap } from '@/lib/rate-limit';
import { createAdminClient } from '@/lib/supabase/admin';

import type { ContactFailure } from './contact-form-state';
import { CONTACT_RATE_LIMIT, CONTACT_SITE_RATE_LIMIT, SITE_BUCKET, visitorBucket } from './contact-limits';
import type { ContactMessage } from './contact-schema';

export type SendOutcome = 'sent' | Exclude<ContactFailure, 'badRequest'>;

/**
 * Stores a validated message in contact_messages. Only the server may insert there (RLS gives
 * visitors no insert at all), so this uses the service-role client, and only after both limits
 * have let the message through: first the visitor's own, so one sender uses up their own
 * allowance before the site's, then the site-wide cap.
 */
export async function sendContactMessage(message: ContactMessage, locale: Locale, visitorKey: string): Promise<SendOutcome> {
  const visitor = await consumeRateLimit(visitorBucket(visitorKey), CONTACT_RATE_LIMIT.maxMessages, CONTACT_RATE_LIMIT.windowSeconds);
  if (visitor === false) return 'rateLimited';
  const site =
    visitor === null ? null : await consumeSiteCap(SITE_BUCKET, CONTACT_SITE_RATE_LIMIT.maxMessages, CONTACT_SITE_RATE_LIMIT.windowSeconds);
  if (site === false) return 'busy';
  // Fail closed when the limiter cannot answer (null). With the direct insert gone, these
  // limits are the only brake on a flood, and the limiter lives in the same database as the
  // messages: when it is down the insert would fail too, and when only the limiter is broken
  // (a missing service-role key, a failed migration) storing anyway would open the flood gate
  // unnoticed. The visitor keeps their text and is told to e-mail; the error is logged.
  if (visitor === null || site === null) return 'unavailable';

  try {
    const { error } = await createAdminClient()
      .from('contact_messages')
      .insert({
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
