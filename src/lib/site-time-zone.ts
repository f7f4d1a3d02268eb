/**
 * The firm's time zone. Every date and time the site shows or mails, and every time an editor
 * types (a publication time), is Amsterdam's, whatever zone the reader's or editor's device is in:
 * "published at 10.00 uur" means the same moment to every reader and every colleague.
 */
export const SITE_TIME_ZONE = 'Europe/Amsterdam';
