import type { ComponentPropsWithoutRef, ReactNode } from 'react';

import { FieldFrame, controlClass, splitField, type FieldProps } from './field-parts';

export type SelectFieldProps<Key extends string> = Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'className' | 'children'> &
  FieldProps<Key> & {
    /** The <option>s. */
    children: ReactNode;
  };

/** A drop-down list with its label, hint and error. */
export function SelectField<Key extends string>(props: SelectFieldProps<Key>) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      {/* The page's own ground: the open list takes it, and stays readable in dark mode. */}
      <select {...control} className={`${controlClass} bg-page`} />
    </FieldFrame>
  );
}
