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
  success: 'border-success bg-success/5 dark:bg-success/10',
} as const;

/** A form-level message: an error or a confirmation. Focusable from script, so focus can be put on it. */
export function FormMessage({ tone, ref, role, className = '', children }: FormMessageProps) {
  return (
    <p ref={ref} role={role} tabIndex={-1} className={`border-l-4 px-4 py-3 text-sm text-fg outline-offset-4 ${tones[tone]} ${className}`}>
      {children}
    </p>
  );
}
