'use client';

import { useActionState } from 'react';
import { useFormStatus } from 'react-dom';

import { removeFactor } from '@/lib/auth/actions/factors';
import type { ErrorMessages } from '@/lib/auth/form-state';

type RemoveFactorButtonProps = {
  factorId: string;
  /** Visible text ("Unlink"). */
  label: string;
  /** Accessible name naming the app, since a list may hold several identical buttons. */
  accessibleName: string;
  pendingLabel: string;
  errors: ErrorMessages;
};

function Button({ label, accessibleName, pendingLabel }: Omit<RemoveFactorButtonProps, 'factorId' | 'errors'>) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      aria-label={pending ? pendingLabel : accessibleName}
      className="inline-flex min-h-11 items-center rounded-full border border-fg px-5 text-sm font-semibold hover:bg-fg hover:text-page disabled:opacity-70"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** Unlinks one factor. The server refuses it on an aal1 session. */
export function RemoveFactorButton({ factorId, errors, ...texts }: RemoveFactorButtonProps) {
  const [state, action] = useActionState(removeFactor, {});
  return (
    <form action={action} className="flex flex-col items-end gap-2">
      <input type="hidden" name="factorId" value={factorId} />
      <Button {...texts} />
      {state.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors[state.error.key]}
        </p>
      )}
    </form>
  );
}
