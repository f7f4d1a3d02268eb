'use client';

import { useActionState, type ReactNode } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import { LEAVE_TALENT_POOL_INTENT } from '@/lib/applications/application-fields';
import type { WithdrawOutcome } from '@/lib/applications/withdraw';

type WithdrawFormProps = {
  action: (previous: { outcome: WithdrawOutcome | null }, form: FormData) => Promise<{ outcome: WithdrawOutcome | null }>;
  copy: { confirm: string; pending: string; done: string; invalid: string; failed: string };
  /**
   * For an application in the talent pool: what leaving only the pool does, and what that did
   * (`deleted` when the application went with the consent).
   */
  talentPool?: { intro: string; leave: string; pending: string; done: string; deleted: string };
  /** What will be deleted and what that means: shown until it is done, then only the outcome. */
  details: ReactNode;
};

/**
 * The button that deletes an application and, for one in the talent pool, the one that only takes
 * it out of the pool; then what happened after one was pressed.
 */
export function WithdrawForm({ action, copy, details, talentPool }: WithdrawFormProps) {
  const [state, formAction] = useActionState(action, { outcome: null });
  const done =
    (state.outcome === 'withdrawn' && <FormMessage tone="success">{copy.done}</FormMessage>) ||
    (state.outcome === 'left-talent-pool' && talentPool && <FormMessage tone="success">{talentPool.done}</FormMessage>) ||
    (state.outcome === 'left-and-deleted' && talentPool && <FormMessage tone="success">{talentPool.deleted}</FormMessage>);
  return (
    <StatusRegion message={done} className="mt-8">
      {details}
      <form action={formAction} className="mt-8 flex flex-col items-start gap-6">
        <div role="alert" className="contents">
          {state.outcome && <FormMessage tone="error">{state.outcome === 'invalid' ? copy.invalid : copy.failed}</FormMessage>}
        </div>
        <SubmitButton label={copy.confirm} pendingLabel={copy.pending} />
      </form>
      {talentPool && (
        <form action={formAction} className="mt-10 flex flex-col items-start gap-6">
          <p className="text-muted">{talentPool.intro}</p>
          <SubmitButton
            label={talentPool.leave}
            pendingLabel={talentPool.pending}
            variant="secondary"
            name="intent"
            value={LEAVE_TALENT_POOL_INTENT}
          />
        </form>
      )}
    </StatusRegion>
  );
}
