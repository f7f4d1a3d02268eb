import type { ContactErrors, ContactValues } from './contact-fields';

/** What the contact form shows after a submission; values come back so nothing typed is lost. */
export type ContactFormState =
  | { status: 'idle'; values: ContactValues }
  | { status: 'invalid'; values: ContactValues; errors: ContactErrors }
  | { status: 'failed'; reason: 'rateLimited' | 'unavailable'; values: ContactValues }
  | { status: 'sent'; name: string };
