import { after } from 'next/server';

import { localeOfPath } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { answerOutcome, answerUnreadable, wantsJson } from '@/lib/applications/answer-application';
import { APPLICATION_RATE_LIMIT, APPLICATION_REQUEST_LIMIT, requestBucket, visitorBucket } from '@/lib/applications/application-limits';
import {
  readApplicationRequest,
  readTextBeforeFiles,
  UnreadableRequest,
  type ReceivedForm,
} from '@/lib/applications/read-application-request';
import { withReadSlot } from '@/lib/applications/read-slots';
import { submitApplication, typedText } from '@/lib/applications/submit-application';
import { runMailOutbox } from '@/lib/mail/mail-outbox';
import { consumeRateLimit, isOverLimit } from '@/lib/rate-limit';
import { purgeExpiredApplications } from '@/lib/recruiting/retention';
import { clientIpKey } from '@/lib/request/client-ip';
import { isSameOriginRequest } from '@/lib/request/same-origin';

/**
 * The application form posts here, with or without JavaScript (multipart/form-data). A route
 * handler rather than a server action, because an action's body is parsed whole into memory
 * before any code of ours runs; here the files stream to disk (read-application-request.ts).
 */
export async function POST(request: Request) {
  // The page the form was on gives the language of an answer sent before the form is read.
  const referer = request.headers.get('referer');
  const pageLocale = localeOfPath(referer ? safePath(referer) : '/');
  // Another site's page cannot post the form through a visitor's browser.
  if (!isSameOriginRequest(request.headers)) return new Response(null, { status: 403 });
  const visitorKey = await clientIpKey();

  // Every request counts before a byte of its body is read, so a visitor cannot make the server
  // read, store drafts or fill its disk past their allowance. When the database does not answer,
  // the application could not be stored either: say so now, not after a 20 MB upload. The form
  // sent without script gets its text back: only the text parts before the files are read.
  const allowed = await consumeRateLimit(
    requestBucket(visitorKey),
    APPLICATION_REQUEST_LIMIT.maxRequests,
    APPLICATION_REQUEST_LIMIT.windowSeconds,
  );
  if (allowed === null) return refuseUnread(request, pageLocale);
  if (allowed === false) return answerUnreadable(request, 'rateLimited', pageLocale);

  // A visitor already at their limit is told before their files are read. The form sent by script
  // keeps everything in the page; without script the text must be read first to come back.
  if (
    wantsJson(request) &&
    (await isOverLimit(visitorBucket(visitorKey), APPLICATION_RATE_LIMIT.maxApplications, APPLICATION_RATE_LIMIT.windowSeconds))
  ) {
    return answerUnreadable(request, 'rateLimited', pageLocale);
  }

  const answer = await withReadSlot(async () => {
    let form: ReceivedForm;
    try {
      form = await readApplicationRequest(request);
    } catch (error) {
      if (error instanceof UnreadableRequest) return answerUnreadable(request, error.reason, pageLocale);
      throw error;
    }
    try {
      const outcome = await submitApplication(form, visitorKey);
      // After the answer, so nobody waits for them: the mails this application queued go out (the
      // scheduled tick retries what fails), and every application that arrives or fails to also
      // clears those past their retention period and half-written ones, so those promises hold
      // without a scheduler.
      if (outcome.status === 'received') {
        after(async () => {
          await runMailOutbox();
          await purgeExpiredApplications();
        });
      } else if (outcome.status === 'failed') after(() => purgeExpiredApplications());
      return await answerOutcome(request, outcome);
    } finally {
      await form.cleanup();
    }
  });
  if (answer !== null) return answer;
  // Every slot is taken and the line is full, or this request waited its longest in it: refused
  // unread, but the form sent without script gets its text back, as in an outage.
  return refuseUnread(request, pageLocale);
}

/** "Unavailable" without reading the upload; without script, with the text before the files kept in a draft. */
async function refuseUnread(request: Request, pageLocale: Locale): Promise<Response> {
  if (wantsJson(request)) return answerUnreadable(request, 'unavailable', pageLocale);
  const { locale, slug, values } = typedText(await readTextBeforeFiles(request));
  return answerOutcome(request, { status: 'failed', locale, vacancySlug: slug, values, reason: 'unavailable' });
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}
