import * as z from 'zod/mini';

import { boundedText, emailAddress, phoneNumber } from '@/lib/field-schemas';

// One schema for the browser (instant feedback) and the server action (the real gate). The
// messages are keys into contact.form.errors, so each locale words them itself. The browser
// loads this module on idle (zod is large for a page), so it never weighs on the page's first load.

import { limits, subjects, type ContactErrorKey, type ContactErrors, type ContactField, type ContactValues } from './contact-fields';

/** Every message below goes through here, so each is a key with a text in contact.form.errors. */
const key = (message: ContactErrorKey) => message;

const optional = (max: number, tooLong: ContactErrorKey) => z.optional(z.string().check(z.maxLength(max, tooLong)));

export const contactSchema = z.object({
  name: boundedText(limits.name, { required: key('name.required'), tooShort: key('name.tooShort'), tooLong: key('name.tooLong') }),
  email: emailAddress(limits.email.max, { required: key('email.required'), invalid: key('email.invalid') }),
  company: optional(limits.company.max, 'company.tooLong'),
  phone: phoneNumber(limits.phone.max, key('phone.invalid')),
  subject: z.enum(subjects, key('subject.invalid')),
  vacancy: optional(limits.vacancy.max, 'vacancy.tooLong'),
  message: boundedText(limits.message, {
    required: key('message.required'),
    tooShort: key('message.tooShort'),
    tooLong: key('message.tooLong'),
  }),
  consent: z.literal('on', key('consent.required')),
});

export type ContactMessage = z.infer<typeof contactSchema>;

const fields = Object.keys(contactSchema.shape) as ContactField[];

/** The form's values, trimmed; empty optional fields become absent. */
export function readContactForm(form: FormData): ContactValues {
  const values: ContactValues = {};
  for (const field of fields) {
    const raw = form.get(field);
    if (typeof raw !== 'string') continue;
    const value = field === 'message' ? raw.trim() : raw.replace(/\s+/g, ' ').trim();
    if (value !== '') values[field] = value;
  }
  return values;
}

export type ContactValidation = { ok: true; message: ContactMessage } | { ok: false; errors: ContactErrors };

/** Validates form values; on failure gives the first error per field as a message key. */
export function validateContact(values: ContactValues): ContactValidation {
  // A required field that was left empty arrives as absent; validate it as "" so it gets its own message.
  const input = { name: '', email: '', message: '', ...values };
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    // Every check above carries a ContactErrorKey as its message (see key()).
    errors[field] ??= issue.message as ContactErrorKey;
  }
  return { ok: false, errors };
}
