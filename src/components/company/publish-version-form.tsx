'use client';

import { useActionState } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';

type Answer = { failed?: true };

/** One version's publish button; on success the page reloads with the new live version. */
export function PublishVersionForm({
  action,
  describedBy,
  texts: t,
}: {
  action: (previous: Answer, form: FormData) => Promise<Answer>;
  /** The id of the version's heading: every version has a button of the same name. */
  describedBy: string;
  texts: { submit: string; pending: string; failed: string };
}) {
  const [answer, formAction] = useActionState(action, {});
  return (
    <>
      <form action={formAction} className="mt-4">
        <SubmitButton label={t.submit} pendingLabel={t.pending} size="sm" describedBy={describedBy} />
      </form>
      <StatusRegion answer={answer} className="mt-4" message={answer.failed ? <FormMessage tone="error">{t.failed}</FormMessage> : null} />
    </>
  );
}
