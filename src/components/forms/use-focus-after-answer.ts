'use client';

import { useEffect, type RefObject } from 'react';

import { errorId } from './field-parts';

/**
 * After the server (or the browser's own check) answers a submit, focus goes where the visitor has
 * work to do (WCAG 3.3.1): the first field marked aria-invalid, or else the form's message.
 * `answer` must be a new value for each answer, so a second identical mistake moves focus again;
 * a falsy one (no answer yet, or success) moves nothing.
 *
 * Moving focus is what makes a screen reader read the field with its error. A form sent with Enter
 * in that very field (or by a script while focus was there) leaves focus where it is, and nothing
 * would be said: so the field's error is then said in `echo`, an empty element inside the form's
 * live region. Each answer writes it anew, so a repeated error is said again. However the form was
 * sent, the visitor hears the error and lands on its field.
 */
export function useFocusAfterAnswer(
  answer: unknown,
  form: RefObject<HTMLFormElement | null>,
  message: RefObject<HTMLElement | null>,
  echo: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    echo.current?.replaceChildren();
    if (!answer) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ?? message.current;
    if (invalid && invalid === document.activeElement) {
      const error = invalid.id ? document.getElementById(errorId(invalid.id))?.textContent : null;
      // A new node, not new text in an old one: live regions announce what is added.
      if (error) echo.current?.append(Object.assign(document.createElement('span'), { textContent: error }));
    }
    target?.focus();
  }, [answer, form, message, echo]);
}
