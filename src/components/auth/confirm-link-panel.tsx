import { getTranslations } from 'next-intl/server';

import { SubmitButton } from '@/components/forms/submit-button';
import type { Locale } from '@/i18n/routing';
import { confirmEmailLink } from '@/lib/auth/actions/confirm-link';
import type { EmailLink } from '@/lib/auth/email-link';

/**
 * What an e-mailed link opens: what it is for and one button. The button posts the link's fields
 * to the server, which spends the token; opening the page spends nothing. Works without scripts.
 */
export async function ConfirmLinkPanel({ locale, link }: { locale: Locale; link: EmailLink }) {
  const t = await getTranslations('auth.confirmLink');
  const purpose = link.type === 'recovery' ? t('recovery') : link.type === 'email_change' ? t('email_change') : t('other');
  const submit = link.type === 'recovery' ? t('submitRecovery') : link.type === 'email_change' ? t('submitEmailChange') : t('submit');
  return (
    <>
      <h1 className="text-3xl md:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-base">{purpose}</p>
      <p className="mt-3 mb-8 text-base text-muted">{t('why')}</p>
      <form action={confirmEmailLink.bind(null, locale)}>
        <input type="hidden" name="token_hash" value={link.tokenHash} />
        <input type="hidden" name="type" value={link.type} />
        <input type="hidden" name="next" value={link.next} />
        <SubmitButton label={submit} pendingLabel={t('pending')} size="lg" className="w-full" />
      </form>
    </>
  );
}
