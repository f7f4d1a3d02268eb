'use server';

import { hasLocale } from 'next-intl';
import { routing, type Locale } from '@/i18n/routing';
import type { ContactFormState } from '@/lib/contact/contact-form-state';
import { readContactForm, validateContact } from '@/lib/contact/contact-schema';
import { sendContactMessage } from '@/lib/contact/send-contact-message';
import { clientIpKey } from '@/lib/request/client-ip';

/** The contact form's server action; the form works without JavaScript through it. */
export async function submitContact(locale: Locale, _previous: ContactFormState, form: FormData): Promise<ContactFormState> {
  const values = readContactForm(form);

  // Honeypot: people never see this field, bots fill it. Answer as if it worked and store nothing,
  // so the bot learns nothing.
  if (form.get('website')) return { status: 'sent', name: values.name ?? '' };

  const validation = validateContact(values);
  if (!validation.ok) return { status: 'invalid', values, errors: validation.errors };

  const outcome = await sendContactMessage(
    validation.message,
    hasLocale(routing.locales, locale) ? locale : routing.defaultLocale,
    await clientIpKey(),
  );
  if (outcome === 'sent') return { status: 'sent', name: validation.message.name };
  return { status: 'failed', reason: outcome, values };
}
