import type { AriaRole, ReactNode, Ref } from 'react';

type FormMessageProps = {
  tone: 'error' | 'success';
  ref?: Ref<HTMLParagraphElement>;
  /** For a message that announces itself (role="alert"); most sit in a live region instead. */
  role?: AriaRole;
  className?: string;
  children: ReactNode;
};

const tones = {
  error: 'border-danger bg-danger/5',
  // No success token: the same green as the account page's "on" badge.
  success: 'border-emerald-700 bg-emerald-700/5 dark:border-emerald-300 dark:bg-emerald-300/10',
} as const;

/** A form-level message: an error or a confirmation. Focusable from script, so focus can be put on it. */
export function FormMessage({ tone, ref, role, className = '', children }: FormMessageProps) {
  return (
    <p ref={ref} role={role} tabIndex={-1} className={`border-l-4 px-4 py-3 text-sm text-fg outline-offset-4 ${tones[tone]} ${className}`}>
      {children}
    </p>
  );
}
