'use client';

import { useFormStatus } from 'react-dom';

import { buttonClass, type ButtonSize, type ButtonVariant } from '@/components/ui/button-styles';

type SubmitButtonProps = {
  label: string;
  /** Shown while the form is being sent, e.g. "Sending…". */
  pendingLabel: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Pending whatever the form's status says: for a form sent by script, which useFormStatus does not see. */
  pending?: boolean;
  /** For forms with several buttons: sent as name=value with the form. */
  name?: string;
  value?: string;
  /** The id of what tells this button apart from others of the same name (e.g. one per account). */
  describedBy?: string;
  className?: string;
};

/**
 * A form's submit button; says what is happening, and takes no second click, while the form is being
 * sent. It is aria-disabled rather than disabled then: a disabled button loses the focus, which
 * would fall to <body> until the answer arrives (WCAG 2.4.3).
 */
export function SubmitButton({
  label,
  pendingLabel,
  variant = 'primary',
  size = 'md',
  pending: forced = false,
  name,
  value,
  describedBy,
  className,
}: SubmitButtonProps) {
  const status = useFormStatus();
  const pending = forced || status.pending;
  return (
    <button
      type="submit"
      name={name}
      value={value}
      aria-disabled={pending || undefined}
      aria-describedby={describedBy}
      // Enter in a field clicks the submit button too, so this also stops a second send by keyboard.
      onClick={pending ? (event) => event.preventDefault() : undefined}
      className={buttonClass({ variant, size, className })}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
