'use client';

import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';

/** Copies `value` and says so for two seconds (also to screen readers, through the live region). */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2_000);
    } catch {
      // No clipboard permission: the secret is selectable text right beside the button.
    }
  }
  return (
    <button type="button" onClick={copy} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
