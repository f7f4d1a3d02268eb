'use client';

import { useActionState } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import type { IssueLinkAnswer } from '@/lib/staff/staff-admin';

type Props = {
  action: (previous: IssueLinkAnswer, form: FormData) => Promise<IssueLinkAnswer>;
  email: string;
  /** The id of the account's heading: every account has a button of the same name. */
  describedBy: string;
  texts: { submit: string; pending: string; issued: string; linkLabel: string; failed: string };
};

/**
 * Issues a new enrolment link for one staff member and shows it once, in a status region that
 * takes the focus. The link lives only in this answer; reloading the page forgets it.
 */
export function EnrolmentLinkForm({ action, email, describedBy, texts: t }: Props) {
  const [answer, formAction] = useActionState(action, {});
  const fieldId = `enrolment-link-${email}`;
  return (
    <>
      <form action={formAction} className="mt-4">
        <SubmitButton label={t.submit} pendingLabel={t.pending} size="sm" describedBy={describedBy} />
      </form>
      <StatusRegion
        answer={answer}
        className="mt-4"
        message={
          answer.failed ? (
            <FormMessage tone="error">{t.failed}</FormMessage>
          ) : answer.link !== undefined ? (
            <FormMessage tone="success">
              {t.issued.replace('{email}', email).replace('{date}', answer.expiresAt ?? '')}
              <label htmlFor={fieldId} className="mt-3 block text-sm font-semibold">
                {t.linkLabel}
              </label>
              <input
                id={fieldId}
                readOnly
                value={answer.link}
                className="bg-bg mt-1 w-full rounded-md border border-fg/30 px-3 py-2 font-mono text-sm"
              />
            </FormMessage>
          ) : null
        }
      />
    </>
  );
}
