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
      {/* The page's own ground: the open list takes it, and stays readable in dark mode. React sets a
          select's default only when it creates it, and a form action's reset returns the select to that
          default: a new default (what an answer sent back, a changed status) makes a new select. */}
      <select key={String(control.defaultValue ?? '')} {...control} className={`${controlClass} bg-page`} />
    </FieldFrame>
  );
}
