import type { ComponentPropsWithoutRef, ReactNode } from 'react';

import type { FieldErrorProps } from './error-texts';
import { FieldFrame, describe, type FieldMarks } from './field-parts';

export type FileFieldProps<Key extends string> = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'type' | 'className' | 'children' | 'value' | 'defaultValue'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  marks?: FieldMarks;
  /** The types the file picker offers, e.g. ".pdf,application/pdf"; it only helps the picker, the server checks the content. */
  accept?: string;
  /**
   * Said where the error goes, after it: browsers empty a file input when the page or the form is
   * rendered again, so after a refused submit the file must be chosen again (also when this field
   * itself was fine).
   */
  chooseAgain?: string;
  className?: string;
} & FieldErrorProps<Key>;

/** A file input with its label, hint and error. */
export function FileField<Key extends string>({
  id,
  label,
  hint,
  marks,
  chooseAgain,
  error,
  errorTexts,
  className,
  ...input
}: FileFieldProps<Key>) {
  const errorText = error === undefined ? undefined : errorTexts?.[error];
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      required={input.required}
      marks={marks}
      error={errorText}
      note={chooseAgain}
      className={className}
    >
      <input
        id={id}
        type="file"
        {...describe(id, { error: errorText, note: chooseAgain, hint })}
        className="block w-full py-2 text-base text-fg file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-full file:border file:border-fg file:bg-transparent file:px-5 file:text-sm file:font-semibold file:text-fg hover:file:bg-fg hover:file:text-page focus-visible:border-b-2 aria-[invalid=true]:border-b-2 aria-[invalid=true]:border-danger"
        {...input}
      />
    </FieldFrame>
  );
}
