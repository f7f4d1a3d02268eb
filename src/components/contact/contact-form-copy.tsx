import { getLocale, getMessages, getTranslations } from 'next-intl/server';

import { nestedErrorTextsOf } from '@/i18n/error-texts';
import { withLocale } from '@/i18n/locale-path';
import { readCompanyDetails } from '@/lib/company/read-company-details';
import { limits, subjects, type ContactField } from '@/lib/contact/contact-fields';
import type { ContactFailure } from '@/lib/contact/contact-form-state';

import type { ContactFormCopy } from './contact-form';

/**
 * All of the form's text, formatted on the server: the client leaf gets plain strings, so no
 * message-formatting runtime ships to the browser. Error texts get their limits from the schema.
 */
export async function contactFormCopy(): Promise<ContactFormCopy> {
  const company = await readCompanyDetails();
  const locale = await getLocale();
  const t = await getTranslations('contact.form');
  const messages = await getMessages();
  const failed = (reason: ContactFailure) => t(`failed.${reason}`, { email: company.email });

  const fieldLimits: Partial<Record<ContactField, { min?: number; max?: number }>> = limits;
  const errors = nestedErrorTextsOf(messages.contact.form.errors, (key, field) => t(`errors.${key}`, fieldLimits[field]));

  return {
    title: t('title'),
    lead: t('lead'),
    name: t('name'),
    email: t('email'),
    company: t('company'),
    phone: t('phone'),
    optional: t('optional'),
    subject: t('subject'),
    subjects: Object.fromEntries(subjects.map((s) => [s, t(`subjects.${s}`)])) as ContactFormCopy['subjects'],
    vacancy: t('vacancy'),
    message: t('message'),
    messageHint: t('messageHint'),
    consent: t.rich('consent', {
      link: (chunks) => (
        // A new tab, as the text says, so the message typed so far stays where it is.
        <a href={withLocale('/privacy', locale)} target="_blank" rel="noopener" className="font-semibold underline underline-offset-4">
          {chunks}
        </a>
      ),
    }),
    honeypot: t('honeypot'),
    submit: t('submit'),
    sending: t('sending'),
    errorSummary: t('errorSummary'),
    errors,
    sent: { title: t('sent.title'), text: t('sent.text', { phone: company.phoneDisplay }) },
    failed: {
      rateLimited: failed('rateLimited'),
      busy: failed('busy'),
      unavailable: failed('unavailable'),
      badRequest: failed('badRequest'),
    },
  };
}
