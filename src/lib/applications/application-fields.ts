// The application form's fields and limits, free of zod and of server code, so the form itself
// imports them at no cost. The limits mirror the checks in supabase/migrations (…_applications.sql).
import type applications from '../../../public/locales/nl/applications.json';

export const limits = {
  name: { min: 2, max: 100 },
  email: { max: 320 },
  phone: { max: 30 },
  profileUrl: { max: 300 },
  motivation: { min: 50, max: 4000 },
} as const;

/** Each file at most this big: what the `applications` bucket's file_size_limit allows. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The two file fields: the CV is required, the extra file is not. */
export const fileFields = ['cv', 'extra'] as const;
export type FileField = (typeof fileFields)[number];

/** What the form accepts, by content; `accept` only helps the browser's file picker. */
export const acceptedFileTypes = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
} as const;
export type AcceptedFileType = keyof typeof acceptedFileTypes;
export const acceptAttribute = [...Object.keys(acceptedFileTypes), ...Object.values(acceptedFileTypes)].join(',');

export const textFields = ['name', 'email', 'phone', 'profileUrl', 'motivation', 'consent', 'talentPool'] as const;
export type TextField = (typeof textFields)[number];
export type ApplicationField = TextField | FileField;

/** What the applicant typed, as text, so it can be put back into the form after an error. */
export type ApplicationValues = Partial<Record<TextField, string>>;

type ErrorTexts = (typeof applications)['errors'];
/**
 * A message key under applications.errors, such as "email.invalid": typed from the Dutch file,
 * so an error without a text is a type error.
 */
export type ApplicationErrorKey = { [Group in keyof ErrorTexts]: `${Group}.${keyof ErrorTexts[Group] & string}` }[keyof ErrorTexts];
/** The first problem per field. */
export type ApplicationErrors = Partial<Record<ApplicationField, ApplicationErrorKey>>;

/** Why a valid application was not stored; each has a text in applications.failed. */
export const APPLICATION_FAILURES = ['rateLimited', 'busy', 'unavailable', 'badRequest', 'tooLarge', 'vacancyClosed'] as const;
export type ApplicationFailure = (typeof APPLICATION_FAILURES)[number];

/** What the server answers a form sent by script (the form without script gets a redirect). */
export type ApplicationResponse =
  | { status: 'received'; next: string }
  | { status: 'invalid'; errors: ApplicationErrors }
  | { status: 'failed'; reason: ApplicationFailure };

/** Names the draft of a form refused without JavaScript (lib/applications/drafts.ts); the cookie statement lists it. */
export const DRAFT_COOKIE = 'application-draft';

/** Holds a redeemed withdraw link's token for the confirm page (withdraw-link.ts); the cookie statement lists it. */
export const WITHDRAW_COOKIE = 'application-withdraw';
/** Long enough to read the confirm page and confirm; the mailed link works again after that. */
export const WITHDRAW_COOKIE_MAX_AGE_SECONDS = 30 * 60;

/** The withdraw page's second button (name `intent`): leave only the talent pool, keep the application. */
export const LEAVE_TALENT_POOL_INTENT = 'leave-talent-pool';
