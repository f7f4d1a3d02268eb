import 'server-only';

import { getLocale, getMessages, getTranslations } from 'next-intl/server';

import { getCharacterCounter } from '@/components/forms/counter-texts';
import { nestedErrorTextsOf } from '@/i18n/error-texts';
import { withLocale } from '@/i18n/locale-path';
import { limits, type ApplicationFailure } from '@/lib/applications/application-fields';
import { readCompanyDetails } from '@/lib/company/read-company-details';

import type { ApplicationFormCopy } from './application-form';

/**
 * All of the application form's text, formatted on the server: the client leaf gets plain
 * strings, so no message-formatting runtime ships to the browser. Error texts get their limits
 * from the shared limits.
 */
export async function applicationFormCopy(): Promise<ApplicationFormCopy> {
  const company = await readCompanyDetails();
  const locale = await getLocale();
  const t = await getTranslations('applications');
  const messages = await getMessages();
  const failed = (reason: ApplicationFailure | 'network') => t(`failed.${reason}`, { email: company.email });
  const link = (chunks: React.ReactNode) => (
    // A new tab, as the text says: following the link in this one would lose the chosen files.
    <a href={withLocale('/privacy', locale)} target="_blank" rel="noopener" className="font-semibold underline underline-offset-4">
      {chunks}
    </a>
  );

  return {
    lead: t('form.lead'),
    name: t('form.name'),
    email: t('form.email'),
    phone: t('form.phone'),
    profileUrl: t('form.profileUrl'),
    profileUrlHint: t('form.profileUrlHint'),
    optional: t('form.optional'),
    motivation: t('form.motivation'),
    motivationHint: t('form.motivationHint', { min: limits.motivation.min }),
    counter: await getCharacterCounter(limits.motivation.max),
    cv: t('form.cv'),
    cvHint: t('form.cvHint'),
    extra: t('form.extra'),
    extraHint: t('form.extraHint'),
    chooseAgain: t('form.chooseAgain'),
    consent: t.rich('form.consent', { link }),
    talentPool: t('form.talentPool'),
    talentPoolHint: t('form.talentPoolHint'),
    honeypot: t('form.honeypot'),
    submit: t('form.submit'),
    submitOpen: t('form.submitOpen'),
    sending: t('form.sending'),
    progress: t('form.progress'),
    checking: t('form.checking'),
    errorSummary: t('form.errorSummary'),
    errors: nestedErrorTextsOf(messages.applications.errors, (key, field) =>
      t(`errors.${key}`, field in limits ? limits[field as keyof typeof limits] : {}),
    ),
    failed: {
      rateLimited: failed('rateLimited'),
      busy: failed('busy'),
      unavailable: failed('unavailable'),
      badRequest: failed('badRequest'),
      tooLarge: failed('tooLarge'),
      vacancyClosed: failed('vacancyClosed'),
      network: failed('network'),
    },
  };
}
