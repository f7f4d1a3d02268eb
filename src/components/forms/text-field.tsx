import type { ComponentPropsWithoutRef, ReactNode } from 'react';

import type { FieldErrorProps } from './error-texts';
import { FieldFrame, controlClass, describe, type FieldMarks } from './field-parts';

export type TextFieldProps<Key extends string> = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className' | 'children'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label as required or optional; see FieldMarks. */
  marks?: FieldMarks;
  /** The wrapper's classes: width, or the input's type through `[&_input]:…`. */
  className?: string;
} & FieldErrorProps<Key>;

/** A one-line input with its label, an optional hint and its error. */
export function TextField<Key extends string>({ id, label, hint, marks, error, errorTexts, className, ...input }: TextFieldProps<Key>) {
  const errorText = error === undefined ? undefined : errorTexts?.[error];
  return (
    <FieldFrame id={id} label={label} hint={hint} required={input.required} marks={marks} error={errorText} className={className}>
      <input id={id} {...describe(id, { error: errorText, hint })} className={controlClass} {...input} />
    </FieldFrame>
  );
}
