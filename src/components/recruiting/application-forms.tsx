'use client';

import { useActionState, type ReactNode } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { FormMessage } from '@/components/forms/form-message';
import { SelectField } from '@/components/forms/select-field';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextArea, type CharacterCounter } from '@/components/forms/text-area';
import type { ErrorTexts } from '@/i18n/error-texts';
import {
  isFailureNotice,
  type ApplicationNotice,
  type NoteAnswer,
  type NoteError,
  type RightsAnswer,
  type StatusAnswer,
  type StatusNotice,
} from '@/lib/recruiting/application-notices';

/*
 * The forms on an application's page. Each answers in place and says so next to itself, in a
 * status region that takes the focus on every answer: the page stays as it was, so focus never
 * falls to <body> and nothing typed in the other form is lost.
 */

type NoticeRegionProps<N extends ApplicationNotice> = { answer: unknown; notice: N | undefined; texts: Record<N, string> };

/** The answer of a form here: a failure as an error, anything else as done. */
function NoticeRegion<N extends ApplicationNotice>({ answer, notice, texts }: NoticeRegionProps<N>) {
  return (
    <StatusRegion
      answer={answer}
      className="mt-6"
      message={notice && <FormMessage tone={isFailureNotice(notice) ? 'error' : 'success'}>{texts[notice]}</FormMessage>}
    />
  );
}

type StatusFormProps = {
  action: (previous: StatusAnswer, form: FormData) => Promise<StatusAnswer>;
  current: string;
  /** The <option>s, one per status. */
  options: ReactNode;
  texts: { label: string; submit: string; pending: string; notices: Record<StatusNotice, string> };
};

export function ApplicationStatusForm({ action, current, options, texts: t }: StatusFormProps) {
  const [answer, formAction] = useActionState(action, {});
  const { notice } = answer;
  return (
    <>
      <form action={formAction} className="mt-6 flex flex-wrap items-end gap-4">
        <SelectField id="application-status" name="status" label={t.label} defaultValue={current} className="min-w-56">
          {options}
        </SelectField>
        <SubmitButton label={t.submit} pendingLabel={t.pending} size="sm" />
      </form>
      <NoticeRegion answer={answer} notice={notice} texts={t.notices} />
    </>
  );
}

type NoteFormProps = {
  action: (previous: NoteAnswer, form: FormData) => Promise<NoteAnswer>;
  counter: CharacterCounter;
  texts: { label: string; submit: string; pending: string; added: string };
  errors: ErrorTexts<NoteError>;
};

/** A new note. A refused one comes back in the field, with its error there (WCAG 3.3.1, 3.3.7). */
export function ApplicationNoteForm({ action, counter, texts: t, errors }: NoteFormProps) {
  const [answer, formAction] = useActionState(action, {});
  const { error } = answer;
  return (
    <>
      <ActionForm action={formAction} error={error} errorTexts={errors} className="mt-6 max-w-2xl">
        <TextArea
          id="application-note"
          name="body"
          label={t.label}
          rows={4}
          required
          counter={counter}
          // The form is emptied after each answer; a refused note comes back as its default.
          defaultValue={answer.body}
          error={error?.field === 'body' ? error.key : undefined}
          errorTexts={errors}
        />
        <div>
          <SubmitButton label={t.submit} pendingLabel={t.pending} size="sm" />
        </div>
      </ActionForm>
      <StatusRegion
        answer={answer}
        className="mt-6 max-w-2xl"
        message={answer.added && <FormMessage tone="success">{t.added}</FormMessage>}
      />
    </>
  );
}

type RightsFormsProps = {
  leaveTalentPool: (previous: RightsAnswer, form: FormData) => Promise<RightsAnswer>;
  deleteOnRequest: (previous: RightsAnswer, form: FormData) => Promise<RightsAnswer>;
  /**
   * Offered while the application is in the talent pool: what leaving it does, the button and its
   * pending label, and the box to tick when leaving deletes it (`confirm`).
   */
  leave: { hint: string; label: string; pending: string; confirm?: string } | null;
  texts: {
    confirm: string;
    delete: string;
    deletePending: string;
    notices: Record<NonNullable<RightsAnswer['notice']>, string>;
  };
};

/**
 * An applicant's request by mail, honoured: out of the talent pool (answered in place), or deleted
 * with everything, once the box is ticked (the action then leads to the list, which says so).
 */
export function ApplicationRightsForms({ leaveTalentPool, deleteOnRequest, leave, texts: t }: RightsFormsProps) {
  const [left, leaveAction] = useActionState(leaveTalentPool, {});
  const [deletion, deleteAction] = useActionState(deleteOnRequest, {});
  const answered = deletion.notice ? deletion : left;
  const notice = answered.notice;
  return (
    <>
      {leave && (
        <form action={leaveAction} className="mt-6 flex flex-col items-start gap-3">
          <p className="text-sm text-muted">{leave.hint}</p>
          {leave.confirm && <CheckboxField id="application-leave-confirm" name="confirm" label={leave.confirm} />}
          <SubmitButton label={leave.label} pendingLabel={leave.pending} variant="secondary" size="sm" />
        </form>
      )}
      <form action={deleteAction} className="mt-6 flex flex-col items-start gap-4">
        <CheckboxField id="application-delete-confirm" name="confirm" label={t.confirm} />
        <SubmitButton label={t.delete} pendingLabel={t.deletePending} size="sm" />
      </form>
      <NoticeRegion answer={answered} notice={notice} texts={t.notices} />
    </>
  );
}
