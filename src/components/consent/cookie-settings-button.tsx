import { CONSENT_REOPEN_ATTRIBUTE } from '@/lib/consent/consent-choice';

type CookieSettingsButtonProps = { label: string; className?: string };

/**
 * Reopens the consent banner: the stored choice stays until the visitor makes a new one. The
 * consent script answers it (lib/consent/consent-script.ts), so it works before React hydrates.
 */
export function CookieSettingsButton({ label, className = '' }: CookieSettingsButtonProps) {
  return (
    <button type="button" className={`${className} [[data-page-scripts-off]_&]:hidden`} {...{ [CONSENT_REOPEN_ATTRIBUTE]: '' }}>
      {label}
    </button>
  );
}
