'use server';

import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { readEmailLink } from '@/lib/auth/email-link';
import { authErrorKey } from '@/lib/auth/error-keys';
import { confirmThrottle } from '@/lib/auth/throttle';
import { createClient } from '@/lib/supabase/server';

/**
 * The button on /auth/confirm, where e-mailed links land (`?token_hash=…&type=recovery&next=…`):
 * it trades the one-time token for a session cookie, then redirects to a URL without the token.
 * Only this POST spends the token: the mail scanners that open every link before the reader does
 * (Safe Links and the like) fetch the page and never press the button, and another site cannot
 * post a server action (Next refuses a cross-site Origin). Every redirect is a path of this site,
 * whatever `next` says.
 */
export async function confirmEmailLink(locale: unknown, form: unknown): Promise<never> {
  const checked = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  const resetPage = withLocale('/reset-password', checked);
  const fields = new URLSearchParams();
  if (form instanceof FormData) {
    for (const name of ['token_hash', 'type', 'next']) {
      for (const value of form.getAll(name)) if (typeof value === 'string') fields.append(name, value);
    }
  }
  const link = readEmailLink(fields, withLocale('/account', checked));
  if (link === null) redirect(`${resetPage}?link=invalid`);

  // Guessing tokens costs failures, counted per client before Auth is asked. A refused link
  // is not spent: it works again once the wait is over.
  const throttle = await confirmThrottle();
  const verdict = await throttle.check();
  if (verdict !== 'allowed') redirect(`${resetPage}?link=${verdict === 'limited' ? 'limited' : 'unavailable'}`);

  const supabase = await createClient();
  const { error } = await supabase.auth.verifyOtp({ type: link.type, token_hash: link.tokenHash });
  if (!error) redirect(link.next);
  console.warn('[auth] e-mail link could not be verified:', error.code ?? error.message);
  const key = authErrorKey(error);
  if (key === 'rateLimited' || key === 'authBusy') redirect(`${resetPage}?link=limited`);
  if (key === 'unavailable') redirect(`${resetPage}?link=unavailable`);
  await throttle.failed();
  redirect(`${resetPage}?link=invalid`);
}
