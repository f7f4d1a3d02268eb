'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What replaces a form once it succeeded. The form's button is gone with the form, so focus
 * would fall to <body>: it goes to this message instead, which screen readers then read.
 */
export function SuccessMessage({ className = '', children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} role="status" tabIndex={-1} className={`outline-offset-4 ${className}`}>
      {children}
    </div>
  );
}
