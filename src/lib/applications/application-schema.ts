import * as z from 'zod/mini';

import { boundedText, emailAddress, phoneNumber } from '@/lib/field-schemas';

// One schema for the browser (instant feedback before an upload starts) and the server (the real
// gate), as for the contact form. Messages are keys into applications.errors. The files are
// checked apart from this (file-check.ts on the server, checkChosenFile in the browser), because
// only the server can look inside them.

import {
  limits,
  MAX_FILE_BYTES,
  textFields,
  type ApplicationErrorKey,
  type ApplicationErrors,
  type ApplicationValues,
  type FileField,
  type TextField,
} from './application-fields';

const key = (k: ApplicationErrorKey) => k;

/** http(s) only, parsed as a browser would: a javascript: or data: link never reaches staff. */
function isWebLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const applicationSchema = z.object({
  name: boundedText(limits.name, { required: key('name.required'), tooShort: key('name.tooShort'), tooLong: key('name.tooLong') }),
  email: emailAddress(limits.email.max, { required: key('email.required'), invalid: key('email.invalid') }),
  phone: phoneNumber(limits.phone.max, key('phone.invalid')),
  profileUrl: z.optional(
    z.string().check(z.maxLength(limits.profileUrl.max, key('profileUrl.invalid')), z.refine(isWebLink, key('profileUrl.invalid'))),
  ),
  motivation: boundedText(limits.motivation, {
    required: key('motivation.required'),
    tooShort: key('motivation.tooShort'),
    tooLong: key('motivation.tooLong'),
  }),
  consent: z.literal('on', key('consent.required')),
  // Any value but "on" is simply not a yes; nothing to tell the applicant.
  talentPool: z.optional(z.string()),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;

/** Trims a typed value the way the form will store it; empty optional values become absent. */
export function cleanValue(field: TextField, raw: string): string {
  // A form sends each line break as CRLF; the browser's counter saw one character, and so do we.
  return field === 'motivation' ? raw.replace(/\r\n?/g, '\n').trim() : raw.replace(/\s+/g, ' ').trim();
}

/** The form's text values from FormData (the browser's own form, before sending). */
export function readApplicationForm(form: FormData): ApplicationValues {
  const values: ApplicationValues = {};
  for (const field of textFields) {
    const raw = form.get(field);
    if (typeof raw !== 'string') continue;
    const value = cleanValue(field, raw);
    if (value !== '') values[field] = value;
  }
  return values;
}

export type ApplicationValidation = { ok: true; application: ApplicationInput } | { ok: false; errors: ApplicationErrors };

/** Validates the text values; on failure gives the first error per field as a message key. */
export function validateApplication(values: ApplicationValues): ApplicationValidation {
  // A required field left empty arrives as absent; validate it as "" so it gets its own message.
  const result = applicationSchema.safeParse({ name: '', email: '', motivation: '', ...values });
  if (result.success) return { ok: true, application: result.data };
  const errors: ApplicationErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    // Every check above carries an ApplicationErrorKey as its message (see key()).
    if (typeof field === 'string' && isTextField(field)) errors[field] ??= issue.message as ApplicationErrorKey;
  }
  return { ok: false, errors };
}

function isTextField(value: string): value is TextField {
  return (textFields as readonly string[]).includes(value);
}

/**
 * What the browser can tell about a chosen file before sending: whether there is one (the CV is
 * required), whether it is empty or too large. What it is, only the server decides, by content.
 */
export function checkChosenFile(field: FileField, file: { size: number; name: string } | null): ApplicationErrorKey | null {
  if (file === null || (file.size === 0 && file.name === '')) return field === 'cv' ? 'file.required' : null;
  if (file.size === 0) return 'file.empty';
  if (file.size > MAX_FILE_BYTES) return 'file.tooLarge';
  return null;
}
