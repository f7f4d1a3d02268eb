import * as z from 'zod/mini';

// One schema for the browser (instant feedback) and the server action (the real gate). The
// messages are keys into contact.form.errors, so each locale words them itself. The browser
// loads this module on idle (zod is ~14 KB gz), so it never weighs on the page's first load.

import { limits, subjects, type ContactErrors, type ContactField, type ContactValues } from './contact-fields';

const optional = (max: number, tooLong: string) => z.optional(z.string().check(z.maxLength(max, tooLong)));

export const contactSchema = z.object({
  name: z.string().check(z.minLength(1, 'name.required'), z.minLength(limits.name.min, 'name.tooShort'), z.maxLength(limits.name.max, 'name.tooLong')),
  email: z.string().check(
    z.minLength(1, 'email.required'),
    z.maxLength(limits.email.max, 'email.invalid'),
    z.email('email.invalid'),
  ),
  company: optional(limits.company.max, 'company.tooLong'),
  phone: z.optional(
    z.string().check(z.maxLength(limits.phone.max, 'phone.invalid'), z.regex(/^\+?[0-9 ()-]{6,}$/, 'phone.invalid')),
  ),
  subject: z.enum(subjects, 'subject.invalid'),
  vacancy: optional(limits.vacancy.max, 'vacancy.tooLong'),
  message: z.string().check(
    z.minLength(1, 'message.required'),
    z.minLength(limits.message.min, 'message.tooShort'),
    z.maxLength(limits.message.max, 'message.tooLong'),
  ),
  consent: z.literal('on', 'consent.required'),
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
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
