'use client';

import { useActionState, type ReactNode } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import type { WithdrawOutcome } from '@/lib/applications/withdraw';

type WithdrawFormProps = {
  action: (previous: { outcome: WithdrawOutcome | null }, form: FormData) => Promise<{ outcome: WithdrawOutcome | null }>;
  copy: { confirm: string; pending: string; done: string; invalid: string; failed: string };
  /** What will be deleted and what that means: shown until it is done, then only the outcome. */
  details: ReactNode;
};

/** The one button that deletes an application, and what happened after it was pressed. */
export function WithdrawForm({ action, copy, details }: WithdrawFormProps) {
  const [state, formAction] = useActionState(action, { outcome: null });
  const done = state.outcome === 'withdrawn' && <FormMessage tone="success">{copy.done}</FormMessage>;
  return (
    <StatusRegion message={done} className="mt-8">
      {details}
      <form action={formAction} className="mt-8 flex flex-col items-start gap-6">
        <div role="alert" className="contents">
          {state.outcome && <FormMessage tone="error">{state.outcome === 'invalid' ? copy.invalid : copy.failed}</FormMessage>}
        </div>
        <SubmitButton label={copy.confirm} pendingLabel={copy.pending} />
      </form>
    </StatusRegion>
  );
}
