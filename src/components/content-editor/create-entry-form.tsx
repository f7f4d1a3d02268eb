'use client';

import { useActionState, useMemo } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { SelectField } from '@/components/forms/select-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import type { ErrorTexts } from '@/i18n/error-texts';
import { OPEN_COLLECTIONS, type OpenCollection } from '@/lib/content/collections';

type CreateError = 'required' | 'invalid' | 'slugTaken' | 'failed';
type Answer = { failure?: string; slug?: string; collection?: string };

export type CreateEntryTexts = {
  collection: string;
  collections: Record<OpenCollection, string>;
  slug: string;
  slugHint: string;
  submit: string;
  pending: string;
  errors: ErrorTexts<CreateError>;
};

const errorOf = (failure: string | undefined): CreateError | undefined =>
  failure === undefined ? undefined : failure === 'required' || failure === 'slugTaken' || failure === 'invalid' ? failure : 'failed';

/** Collection and slug of a new entry; done, the server opens it in the editor. */
export function CreateEntryForm({
  action,
  texts: t,
}: {
  action: (previous: Answer, form: FormData) => Promise<Answer>;
  texts: CreateEntryTexts;
}) {
  const [answer, formAction] = useActionState(action, {});
  const error = errorOf(answer.failure);
  const fieldError = error === 'failed' ? undefined : error;
  // A new object per answer, not per render: the form moves focus when it changes.
  const formError = useMemo(() => {
    const key = errorOf(answer.failure);
    return key && { key, field: key === 'failed' ? undefined : 'slug' };
  }, [answer]);
  return (
    <ActionForm action={formAction} error={formError} errorTexts={t.errors} className="max-w-xl">
      <SelectField id="new-collection" name="collection" label={t.collection} defaultValue={answer.collection ?? 'blog'}>
        {OPEN_COLLECTIONS.map((collection) => (
          <option key={collection} value={collection}>
            {t.collections[collection]}
          </option>
        ))}
      </SelectField>
      <TextField
        id="new-slug"
        name="slug"
        label={t.slug}
        hint={t.slugHint}
        defaultValue={answer.slug}
        autoComplete="off"
        spellCheck={false}
        required
        error={fieldError}
        errorTexts={t.errors}
      />
      <SubmitButton label={t.submit} pendingLabel={t.pending} className="self-start" />
    </ActionForm>
  );
}
