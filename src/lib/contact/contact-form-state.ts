import type { ContactErrors, ContactValues } from './contact-fields';

/**
 * Why a valid message was not stored: the visitor's own limit, the site-wide limit, an outage,
 * or a call that did not come from the form at all. Each has a text in contact.form.failed.
 */
export type ContactFailure = 'rateLimited' | 'busy' | 'unavailable' | 'badRequest';

/** What the contact form shows after a submission; values come back so nothing typed is lost. */
export type ContactFormState =
  | { status: 'idle'; values: ContactValues }
  | { status: 'invalid'; values: ContactValues; errors: ContactErrors }
  | { status: 'failed'; reason: ContactFailure; values: ContactValues }
  | { status: 'sent'; name: string };
