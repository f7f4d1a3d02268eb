import type { ComponentPropsWithoutRef } from 'react';

import { FieldError, FieldHint, FieldLabel, splitField, type FieldProps } from './field-parts';

/** `label` may hold a link, e.g. to the privacy statement. */
export type CheckboxFieldProps<Key extends string> = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'type' | 'className' | 'children'> &
  FieldProps<Key>;

/** A checkbox beside its label, with an optional hint under the label and its error under both. */
export function CheckboxField<Key extends string>(props: CheckboxFieldProps<Key>) {
  const { frame, control } = splitField(props);
  return (
    <div className={`flex flex-col gap-1.5 ${frame.className ?? ''}`}>
      <div className="flex items-start gap-3">
        <input type="checkbox" {...control} className="mt-1 size-5 shrink-0 accent-current" />
        <div className="flex flex-col gap-1">
          <FieldLabel htmlFor={frame.id} required={frame.required} marks={frame.marks} className="text-base">
            {frame.label}
          </FieldLabel>
          {frame.hint && <FieldHint id={frame.id}>{frame.hint}</FieldHint>}
        </div>
      </div>
      <FieldError id={frame.id} error={frame.error} />
    </div>
  );
}
