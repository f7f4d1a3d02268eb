import type { ComponentPropsWithoutRef, ReactNode } from 'react';

import type { FieldErrorProps } from './error-texts';
import { FieldError, FieldHint, FieldLabel, describe, type FieldMarks } from './field-parts';

export type CheckboxFieldProps<Key extends string> = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'type' | 'className' | 'children'> & {
  id: string;
  /** May hold a link, e.g. to the privacy statement. */
  label: ReactNode;
  hint?: ReactNode;
  marks?: FieldMarks;
  className?: string;
} & FieldErrorProps<Key>;

/** A checkbox beside its label, with an optional hint under the label and its error under both. */
export function CheckboxField<Key extends string>({ id, label, hint, marks, error, errorTexts, className = '', ...input }: CheckboxFieldProps<Key>) {
  const errorText = error === undefined ? undefined : errorTexts?.[error];
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          {...describe(id, { error: errorText, hint })}
          className="mt-1 size-5 shrink-0 accent-current"
          {...input}
        />
        <div className="flex flex-col gap-1">
          <FieldLabel htmlFor={id} required={input.required} marks={marks} className="text-base">
            {label}
          </FieldLabel>
          {hint && <FieldHint id={id}>{hint}</FieldHint>}
        </div>
      </div>
      <FieldError id={id} error={errorText} />
    </div>
  );
}
