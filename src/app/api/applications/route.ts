import { after } from 'next/server';

import { localeOfPath } from '@/i18n/locale-path';
import { APPLICATION_RATE_LIMIT, visitorBucket } from '@/lib/applications/application-limits';
import { answerOutcome, answerUnreadable, wantsJson } from '@/lib/applications/answer-application';
import { readApplicationRequest, UnreadableRequest, type ReceivedForm } from '@/lib/applications/read-application-request';
import { submitApplication } from '@/lib/applications/submit-application';
import { isOverLimit } from '@/lib/rate-limit';
import { purgeExpiredApplications } from '@/lib/recruiting/retention';
import { clientIpKey } from '@/lib/request/client-ip';

/**
 * The application form posts here, with or without JavaScript (multipart/form-data). A route
 * handler rather than a server action, because an action's body is parsed whole into memory
 * before any code of ours runs; here the files stream to disk (read-application-request.ts).
 */
export async function POST(request: Request) {
  // The page the form was on gives the language of an answer sent before the form is read.
  const referer = request.headers.get('referer');
  const pageLocale = localeOfPath(referer ? safePath(referer) : '/');
  const visitorKey = await clientIpKey();

  // A visitor already at their limit is told before their files are read. The form sent by script
  // keeps everything in the page; without script the text must be read first to come back.
  if (wantsJson(request) && (await isOverLimit(visitorBucket(visitorKey), APPLICATION_RATE_LIMIT.maxApplications, APPLICATION_RATE_LIMIT.windowSeconds))) {
    return answerUnreadable(request, 'rateLimited', pageLocale);
  }

  let form: ReceivedForm;
  try {
    form = await readApplicationRequest(request);
  } catch (error) {
    if (error instanceof UnreadableRequest) return answerUnreadable(request, error.reason, pageLocale);
    throw error;
  }
  try {
    const outcome = await submitApplication(form, visitorKey);
    // Every application that arrives also clears those past their retention period, so the
    // privacy promise holds without a scheduler; after the answer, so nobody waits for it.
    if (outcome.status === 'received') after(() => purgeExpiredApplications());
    return await answerOutcome(request, outcome);
  } finally {
    await form.cleanup();
  }
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}
