// The contact form's fields and limits, free of zod so the form itself can import them at no cost.
// The limits mirror the checks in supabase/migrations (…_contact_messages.sql).
import type { NestedMessageKey } from '@/i18n/message-keys';
import type { Messages } from '@/i18n/messages';

export const subjects = ['general', 'project', 'vacancy'] as const;
export type Subject = (typeof subjects)[number];

export function isSubject(value: unknown): value is Subject {
  return typeof value === 'string' && (subjects as readonly string[]).includes(value);
}

export const limits = {
  name: { min: 2, max: 200 },
  email: { max: 320 },
  company: { max: 200 },
  phone: { max: 40 },
  vacancy: { max: 120 },
  message: { min: 10, max: 5000 },
} as const;

export type ContactField = 'name' | 'email' | 'company' | 'phone' | 'subject' | 'vacancy' | 'message' | 'consent';
/** What the visitor typed, as text, so it can be put back into the form after an error. */
export type ContactValues = Partial<Record<ContactField, string>>;
/** A key under contact.form.errors, such as "email.invalid": an error without a text does not compile. */
export type ContactErrorKey = NestedMessageKey<Messages['contact']['form']['errors']>;
/** The first problem per field. */
export type ContactErrors = Partial<Record<ContactField, ContactErrorKey>>;
