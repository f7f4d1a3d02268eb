'use server';

import { hasLocale } from 'next-intl';

import { routing } from '@/i18n/routing';
import type { ContactFormState } from '@/lib/contact/contact-form-state';
import { readContactForm, validateContact } from '@/lib/contact/contact-schema';
import { sendContactMessage } from '@/lib/contact/send-contact-message';
import { clientIpKey } from '@/lib/request/client-ip';

const badRequest: ContactFormState = { status: 'failed', reason: 'badRequest', values: {} };

/**
 * The contact form's server action; the form works without JavaScript through it.
 *
 * IMPORTANT: a server action is a public endpoint, and a hand-made call can decode to any
 * arguments at all. So every argument is typed `unknown` and checked here: the form must be
 * real FormData and the (bound) locale one the site has, or the caller gets a clean error
 * state instead of a crash. The previous state is not used.
 */
export async function submitContact(locale: unknown, _previous: unknown, form: unknown): Promise<ContactFormState> {
  if (!(form instanceof FormData) || !hasLocale(routing.locales, locale)) return badRequest;
  const values = readContactForm(form);

  // Honeypot: people never see this field, bots fill it. Answer as if it worked and store nothing,
  // so the bot learns nothing.
  if (form.get('website')) return { status: 'sent', name: values.name ?? '' };

  const validation = validateContact(values);
  if (!validation.ok) return { status: 'invalid', values, errors: validation.errors };

  const outcome = await sendContactMessage(validation.message, locale, await clientIpKey());
  if (outcome === 'sent') return { status: 'sent', name: validation.message.name };
  return { status: 'failed', reason: outcome, values };
}
