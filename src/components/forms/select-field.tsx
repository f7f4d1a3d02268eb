import type { ComponentPropsWithoutRef, ReactNode } from 'react';

import type { FieldErrorProps } from './error-texts';
import { FieldFrame, controlClass, describe, type FieldMarks } from './field-parts';

export type SelectFieldProps<Key extends string> = Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  marks?: FieldMarks;
  className?: string;
  /** The <option>s. */
  children: ReactNode;
} & FieldErrorProps<Key>;

/** A drop-down list with its label, hint and error. */
export function SelectField<Key extends string>({ id, label, hint, marks, error, errorTexts, className, children, ...select }: SelectFieldProps<Key>) {
  const errorText = error === undefined ? undefined : errorTexts?.[error];
  return (
    <FieldFrame id={id} label={label} hint={hint} required={select.required} marks={marks} error={errorText} className={className}>
      {/* The page's own ground: the open list takes it, and stays readable in dark mode. */}
      <select id={id} {...describe(id, { error: errorText, hint })} className={`${controlClass} bg-page`} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}
