'use client';

import { CONSENT_ATTRIBUTE } from './consent-choice';

type CookieSettingsButtonProps = { label: string; className?: string };

/** Reopens the consent banner: the stored choice stays until the visitor makes a new one. */
export function CookieSettingsButton({ label, className = '' }: CookieSettingsButtonProps) {
  function reopen() {
    document.documentElement.removeAttribute(CONSENT_ATTRIBUTE);
    document.getElementById('consent-banner')?.focus();
  }
  return (
    <button type="button" onClick={reopen} className={className}>
      {label}
    </button>
  );
}
