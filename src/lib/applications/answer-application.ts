import 'server-only';

import { withLocale } from '@/i18n/locale-path';
import { routing, type Locale } from '@/i18n/routing';
import { siteUrl } from '@/lib/env/public';

import { DRAFT_COOKIE, type ApplicationFailure, type ApplicationResponse } from './application-fields';
import { DRAFT_MAX_AGE_SECONDS, keepDraft } from './drafts';
import type { SubmitOutcome } from './submit-application';

/*
 * How the application endpoint answers. The form sent by script (it asks for JSON) gets the
 * outcome as JSON and stays on its page, with the chosen files still in it. The form sent without
 * JavaScript gets a 303 to a page: the confirmation, or the retry page, which reads the typed text
 * back from a draft. Locations are paths on this site, never built from the request.
 */

const noStore = { 'Cache-Control': 'no-store' };
const secure = siteUrl.startsWith('https://');

export const wantsJson = (request: Request) => (request.headers.get('accept') ?? '').includes('application/json');

export const receivedPath = (locale: Locale) => withLocale('/applications/received', locale);
const retryPath = (locale: Locale) => withLocale('/applications/retry', locale);

function json(body: ApplicationResponse): Response {
  return Response.json(body, { headers: noStore });
}

function seeOther(path: string, cookies: string[] = []): Response {
  const headers = new Headers({ ...noStore, Location: path });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

// Only the retry page reads the draft, so only requests for it carry the cookie: every other page
// stays cookie-free for a cache in front of the site.
const draftCookie = (locale: Locale, value: string, maxAge: number) =>
  `${DRAFT_COOKIE}=${value}; Path=${retryPath(locale)}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
/** Clears a draft of either language: the applicant may have switched since. */
const clearDrafts = () => routing.locales.map((locale) => draftCookie(locale, '', 0));

/** The answer to an application that was read; a refusal without script keeps its text in a draft. */
export async function answerOutcome(request: Request, outcome: SubmitOutcome): Promise<Response> {
  if (outcome.status === 'received') {
    return wantsJson(request)
      ? json({ status: 'received', next: receivedPath(outcome.locale) })
      : seeOther(receivedPath(outcome.locale), clearDrafts());
  }
  if (wantsJson(request)) {
    return json(
      outcome.status === 'invalid' ? { status: 'invalid', errors: outcome.errors } : { status: 'failed', reason: outcome.reason },
    );
  }
  // The draft's id, or in an outage the draft itself, sealed: either way the text comes back.
  const kept = await keepDraft({
    locale: outcome.locale,
    vacancySlug: outcome.vacancySlug,
    values: outcome.values,
    errors: outcome.status === 'invalid' ? outcome.errors : {},
    failure: outcome.status === 'failed' ? outcome.reason : null,
  });
  return seeOther(retryPath(outcome.locale), kept === null ? [] : [draftCookie(outcome.locale, kept, DRAFT_MAX_AGE_SECONDS)]);
}

/** The answer to a request that could not be read at all (not a form, or far too large). */
export function answerUnreadable(request: Request, reason: ApplicationFailure, locale: Locale = routing.defaultLocale): Response {
  if (wantsJson(request)) return json({ status: 'failed', reason });
  return seeOther(`${retryPath(locale)}?failed=${reason}`);
}
