'use client';

import { useActionState, useMemo } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import type { ErrorTexts } from '@/i18n/error-texts';
import { COMPANY_FIELDS, type CompanyField, type CompanyForm, type CompanyProblem } from '@/lib/company/company-fields';
import type { CompanyFormAnswer } from '@/lib/company/edit-company-details';

export type CompanyFormTexts = {
  labels: Record<CompanyField, string>;
  hints: Partial<Record<CompanyField, string>>;
  submit: string;
  pending: string;
  errors: ErrorTexts<CompanyProblem | 'failed'>;
};

const AUTOCOMPLETE: Partial<Record<CompanyField, string>> = {
  name: 'organization',
  email: 'email',
  securityEmail: 'email',
  phone: 'tel',
  street: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
};

/**
 * The company details as a form, filled in with the version the admin starts from. A refused
 * field keeps what was typed and says why; a saved version opens as a preview on the page.
 */
export function CompanyDetailsForm({
  action,
  start,
  texts: t,
}: {
  action: (previous: CompanyFormAnswer, form: FormData) => Promise<CompanyFormAnswer>;
  start: CompanyForm;
  texts: CompanyFormTexts;
}) {
  const [answer, formAction] = useActionState(action, {});
  // A new object per answer, not per render: the form moves focus when it changes.
  const error = useMemo(() => answer.problem && { key: answer.problem.code, field: answer.problem.field }, [answer]);
  const values = answer.form ?? start;
  return (
    <ActionForm action={formAction} error={error} errorTexts={t.errors} className="max-w-xl">
      {COMPANY_FIELDS.map((field) => (
        <TextField
          key={field}
          id={`company-${field}`}
          name={field}
          label={t.labels[field]}
          hint={t.hints[field]}
          defaultValue={values[field]}
          type={field === 'email' || field === 'securityEmail' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          autoComplete={AUTOCOMPLETE[field] ?? 'off'}
          required
          error={answer.problem?.field === field ? answer.problem.code : undefined}
          errorTexts={t.errors}
        />
      ))}
      <SubmitButton label={t.submit} pendingLabel={t.pending} className="self-start" />
    </ActionForm>
  );
}
