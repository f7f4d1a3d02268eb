import type { EmailOtpType } from '@supabase/supabase-js';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { authErrorKey } from '@/lib/auth/error-keys';
import { confirmThrottle } from '@/lib/auth/throttle';
import { safeNextPath } from '@/lib/security/safe-redirect';
import { createClient } from '@/lib/supabase/server';

const otpTypes: readonly EmailOtpType[] = ['recovery', 'email', 'signup', 'invite', 'magiclink', 'email_change'];

/** Longer than any token Auth issues (a SHA-224 hex digest, or a PKCE code). */
const MAX_TOKEN_LENGTH = 256;

/**
 * A link that names a parameter twice was not written by our templates: a caller can append its
 * own `token_hash` to a redirect it chose, and which copy wins would then decide whose session
 * the reader gets. Such a link is refused as a whole.
 */
function hasRepeatedParameter(query: URLSearchParams): boolean {
  const names = [...query.keys()];
  return new Set(names).size !== names.length;
}

function isOtpType(value: string | null): value is EmailOtpType {
  return otpTypes.some((type) => type === value);
}

/**
 * Where e-mailed links land (`/auth/confirm?token_hash=…&type=recovery&next=…`).
 * It trades the one-time token for a session cookie, then redirects to a URL
 * without the token, so it stays out of history, logs and Referer headers.
 * Every redirect is a path of this site (relative Location), whatever `next` says.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ locale: string }> }) {
  const requested = (await params).locale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const resetPage = withLocale('/reset-password', locale);
  const query = request.nextUrl.searchParams;
  const tokenHash = query.get('token_hash');
  const type = query.get('type');
  if (hasRepeatedParameter(query) || !tokenHash || tokenHash.length > MAX_TOKEN_LENGTH || !isOtpType(type))
    redirect(`${resetPage}?link=invalid`);

  // Guessing tokens costs failures, counted per client before Auth is asked. A refused link
  // is not spent: it works again once the wait is over.
  const throttle = await confirmThrottle();
  const verdict = await throttle.check();
  if (verdict !== 'allowed') redirect(`${resetPage}?link=${verdict === 'limited' ? 'limited' : 'unavailable'}`);

  const supabase = await createClient();
  const { error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash });
  if (!error) redirect(safeNextPath(query.get('next'), withLocale('/account', locale)));
  console.warn('[auth] e-mail link could not be verified:', error.code ?? error.message);
  const key = authErrorKey(error);
  if (key === 'rateLimited' || key === 'authBusy') redirect(`${resetPage}?link=limited`);
  if (key === 'unavailable') redirect(`${resetPage}?link=unavailable`);
  await throttle.failed();
  redirect(`${resetPage}?link=invalid`);
}
