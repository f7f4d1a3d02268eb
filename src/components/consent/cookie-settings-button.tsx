'use client';

import type { MouseEvent } from 'react';

import { CONSENT_ATTRIBUTE, CONSENT_OPENER_ATTRIBUTE } from './consent-choice';

type CookieSettingsButtonProps = { label: string; className?: string };

/** Reopens the consent banner: the stored choice stays until the visitor makes a new one. */
export function CookieSettingsButton({ label, className = '' }: CookieSettingsButtonProps) {
  function reopen(event: MouseEvent<HTMLButtonElement>) {
    for (const marked of document.querySelectorAll(`[${CONSENT_OPENER_ATTRIBUTE}]`)) marked.removeAttribute(CONSENT_OPENER_ATTRIBUTE);
    event.currentTarget.setAttribute(CONSENT_OPENER_ATTRIBUTE, '');
    document.documentElement.removeAttribute(CONSENT_ATTRIBUTE);
    document.getElementById('consent-banner')?.focus();
  }
  return (
    <button type="button" onClick={reopen} className={className}>
      {label}
    </button>
  );
}
