'use client';

import { useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';

import type { ErrorTexts, FormError } from '@/i18n/error-texts';

import { FormMessage } from './form-message';
import { useFocusAfterAnswer } from './use-focus-after-answer';

type ActionFormProps<Key extends string> = Omit<ComponentPropsWithoutRef<'form'>, 'action' | 'ref' | 'noValidate'> & {
  action: (form: FormData) => void;
  /**
   * The last answer's error: one without a field shows above the fields, a field's own at that
   * field (the form's fields take it from the same texts). A new object per answer.
   */
  error: FormError<Key> | undefined;
  errorTexts: ErrorTexts<Key>;
  children: ReactNode;
};

/**
 * A form posted to a server action. The browser's own validation is off, so the server's localized
 * messages show. The alert region is in the page from the start, so a message arriving in it is
 * announced; after each error focus goes to the first invalid field, or to the form's message, and
 * a field's error is said there too when focus was on that field already (useFocusAfterAnswer).
 */
export function ActionForm<Key extends string>({ action, error, errorTexts, className = '', children, ...form }: ActionFormProps<Key>) {
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const echoRef = useRef<HTMLSpanElement>(null);
  useFocusAfterAnswer(error, formRef, messageRef, echoRef);
  const formError = error && !error.field ? errorTexts[error.key] : undefined;
  return (
    <form ref={formRef} action={action} noValidate className={`flex flex-col gap-6 ${className}`} {...form}>
      {/* Without a message it has no box, and takes no gap. */}
      <div role="alert" className="contents">
        {formError && (
          <FormMessage ref={messageRef} tone="error">
            {formError}
          </FormMessage>
        )}
        <span ref={echoRef} className="sr-only" />
      </div>
      {children}
    </form>
  );
}
