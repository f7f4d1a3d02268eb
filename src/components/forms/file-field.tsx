import type { ComponentPropsWithoutRef } from 'react';

import { FieldFrame, splitField, type FieldProps } from './field-parts';

export type FileFieldProps<Key extends string> = Omit<
  ComponentPropsWithoutRef<'input'>,
  'id' | 'type' | 'className' | 'children' | 'value' | 'defaultValue'
> &
  FieldProps<Key> & {
    /** The types the file picker offers, e.g. ".pdf,application/pdf"; it only helps the picker, the server checks the content. */
    accept?: string;
    /**
     * Said where the error goes, after it: browsers empty a file input when the page or the form is
     * rendered again, so after a refused submit the file must be chosen again (also when this field
     * itself was fine).
     */
    chooseAgain?: string;
  };

/** A file input with its label, hint and error. */
export function FileField<Key extends string>({ chooseAgain, ...props }: FileFieldProps<Key>) {
  const { frame, control } = splitField(props, chooseAgain);
  return (
    <FieldFrame {...frame}>
      <input
        type="file"
        {...control}
        className="block w-full py-2 text-base text-fg file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-full file:border file:border-fg file:bg-transparent file:px-5 file:text-sm file:font-semibold file:text-fg hover:file:bg-fg hover:file:text-page focus-visible:border-b-2 aria-[invalid=true]:border-b-2 aria-[invalid=true]:border-danger"
      />
    </FieldFrame>
  );
}
