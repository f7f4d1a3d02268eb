import type { EmailOtpType } from '@supabase/supabase-js';
import { hasLocale } from 'next-intl';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';

import { withLocale } from '@/i18n/locale-path';
import { routing } from '@/i18n/routing';
import { safeNextPath } from '@/lib/auth/safe-next';
import { createClient } from '@/lib/supabase/server';

const otpTypes: readonly EmailOtpType[] = ['recovery', 'email', 'signup', 'invite', 'magiclink', 'email_change'];

function isOtpType(value: string | null): value is EmailOtpType {
  return otpTypes.some((type) => type === value);
}

/**
 * Where e-mailed links land (`/auth/confirm?token_hash=…&type=recovery&next=…`).
 * It trades the one-time token for a session cookie, then redirects to a URL
 * without the token, so it stays out of history, logs and Referer headers.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ locale: string }> }) {
  const requested = (await params).locale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const query = request.nextUrl.searchParams;
  const tokenHash = query.get('token_hash');
  const type = query.get('type');

  if (tokenHash && isOtpType(type)) {
    const supabase = await createClient();
    const { error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash });
    if (!error) redirect(safeNextPath(query.get('next'), withLocale('/account', locale)));
    console.warn('[auth] e-mail link could not be verified:', error.code ?? error.message);
  }
  redirect(`${withLocale('/reset-password', locale)}?link=invalid`);
}
