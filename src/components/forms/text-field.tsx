import type { ComponentPropsWithoutRef } from 'react';

import { FieldFrame, controlClass, splitField, type FieldProps } from './field-parts';

export type TextFieldProps<Key extends string> = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className' | 'children'> & FieldProps<Key>;

/** A one-line input with its label, an optional hint and its error. */
export function TextField<Key extends string>(props: TextFieldProps<Key>) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} className={controlClass} />
    </FieldFrame>
  );
}
