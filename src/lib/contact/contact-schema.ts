import * as z from 'zod/mini';

// One schema for the browser (instant feedback) and the server action (the real gate). The
// messages are keys into contact.form.errors, so each locale words them itself. The browser
// loads this module on idle (zod is large for a page), so it never weighs on the page's first load.

import { limits, subjects, type ContactErrorKey, type ContactErrors, type ContactField, type ContactValues } from './contact-fields';

/** Every message below goes through here, so each is a key with a text in contact.form.errors. */
const key = (message: ContactErrorKey) => message;

const optional = (max: number, tooLong: ContactErrorKey) => z.optional(z.string().check(z.maxLength(max, tooLong)));

export const contactSchema = z.object({
  name: z
    .string()
    .check(
      z.minLength(1, key('name.required')),
      z.minLength(limits.name.min, key('name.tooShort')),
      z.maxLength(limits.name.max, key('name.tooLong')),
    ),
  email: z
    .string()
    .check(z.minLength(1, key('email.required')), z.maxLength(limits.email.max, key('email.invalid')), z.email(key('email.invalid'))),
  company: optional(limits.company.max, 'company.tooLong'),
  phone: z.optional(
    z.string().check(z.maxLength(limits.phone.max, key('phone.invalid')), z.regex(/^\+?[0-9 ()-]{6,}$/, key('phone.invalid'))),
  ),
  subject: z.enum(subjects, key('subject.invalid')),
  vacancy: optional(limits.vacancy.max, 'vacancy.tooLong'),
  message: z
    .string()
    .check(
      z.minLength(1, key('message.required')),
      z.minLength(limits.message.min, key('message.tooShort')),
      z.maxLength(limits.message.max, key('message.tooLong')),
    ),
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
