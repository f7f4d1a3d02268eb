'use client';

import { useEffect, type RefObject } from 'react';

/**
 * After the server (or the browser's own check) answers a submit, focus goes where the visitor has
 * work to do (WCAG 3.3.1): the first field marked aria-invalid, or else the form's message.
 * `answer` must be a new value for each answer, so a second identical mistake moves focus again;
 * a falsy one (no answer yet, or success) moves nothing.
 */
export function useFocusAfterAnswer(
  answer: unknown,
  form: RefObject<HTMLFormElement | null>,
  message: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!answer) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? message.current)?.focus();
  }, [answer, form, message]);
}
