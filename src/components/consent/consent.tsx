import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { LocalizedLink } from '@/components/ui/localized-link';
import { CONSENT_CHOICE_ATTRIBUTE, type ConsentChoice } from '@/lib/consent/consent-choice';

const button = buttonClass({ size: 'lg' });
const records = (choice: ConsentChoice) => ({ [CONSENT_CHOICE_ATTRIBUTE]: choice });

/**
 * The consent question, as a band at the very top of the page, in the normal flow. Visible in the
 * server HTML and hidden by CSS once <html> carries the stored choice (set before paint by the
 * consent script, lib/consent/consent-script.ts, which also answers the two buttons), so a
 * returning visitor never sees it, a first visit never shifts, and a choice works from the first
 * paint. Being in the flow, it cannot cover focused content (WCAG 2.4.11) and scrolls with the page
 * at any zoom (1.4.10); being first, it is the first stop for the keyboard. Escape does not dismiss
 * it: a choice is needed. Accept and reject look the same: refusing is as easy as agreeing.
 */
export async function Consent() {
  const t = await getTranslations('consent');
  return (
    <section
      id="consent-banner"
      aria-label={t('label')}
      tabIndex={-1}
      // Focused when reopened; the ring sits inside the band, which spans the full width.
      className="border-b border-line bg-raised text-base text-fg focus-visible:-outline-offset-4 [[data-consent]_&]:hidden [[data-page-scripts-off]_&]:hidden"
    >
      <div className="mx-auto flex w-full max-w-content flex-col gap-4 px-4 py-5 md:px-6 lg:flex-row lg:items-center lg:justify-between lg:gap-10">
        <div className="max-w-3xl">
          <h2 className="text-lg">{t('title')}</h2>
          <p className="mt-1 text-muted">
            {t('text')}{' '}
            <LocalizedLink href="/cookies" className="font-semibold text-fg underline underline-offset-4">
              {t('policy')}
            </LocalizedLink>
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-3 sm:max-w-sm lg:w-80">
          <button type="button" className={button} {...records('denied')}>
            {t('reject')}
          </button>
          <button type="button" className={button} {...records('granted')}>
            {t('accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
