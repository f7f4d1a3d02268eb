import type { ReactNode } from 'react';

import type { FieldErrorProps } from '@/i18n/error-texts';

/*
 * What every field of the kit is made of. A field's error and hint are tied to its control with
 * aria-describedby (error first: it is what the visitor needs to hear), and an invalid control has
 * aria-invalid, which the forms use to find where focus goes after a refused submit.
 */

/** How a form marks its fields in their labels. Forms whose every field is required leave it out. */
export type FieldMarks = {
  /** After an optional field's label, e.g. "(optional)"; required fields get " *" instead. */
  optional: string;
};

/** What every field takes besides its control's own attributes. */
export type FieldProps<Key extends string> = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label as required or optional; see FieldMarks. */
  marks?: FieldMarks;
  /** The wrapper's classes: width, or the control's type through `[&_input]:…`. */
  className?: string;
} & FieldErrorProps<Key>;

/**
 * The underline of text inputs, text areas and selects. Focused ones keep the site's 2px focus
 * ring (WCAG 2.4.13) and thicken their underline too; invalid ones show it in the error colour.
 */
export const controlClass =
  'block w-full py-2 text-base text-fg placeholder:text-muted focus-visible:border-b-2 aria-[invalid=true]:border-b-2 aria-[invalid=true]:border-danger';

/** The id of a field's error paragraph, which its control is described by first. */
export const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

type Said = {
  error?: string;
  /** A further sentence in the error's place (see FieldError); it does not make the field invalid. */
  note?: string;
  hint?: ReactNode;
};

/**
 * The attributes that tie a control to what is said about it: its error (first), then its hint.
 * No aria-invalid or aria-describedby at all when there is nothing to say.
 */
function describe(id: string, { error, note, hint }: Said) {
  const ids = [error || note ? errorId(id) : undefined, hint ? hintId(id) : undefined].filter(Boolean);
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.join(' ') || undefined,
  };
}

/**
 * Splits a field's props into what its frame shows (label, hint, error text, and `note` in the
 * error's place) and its control's attributes, which tie the control to all of it.
 */
export function splitField<Key extends string, P extends FieldProps<Key> & { required?: boolean }>(props: P, note?: string) {
  const { id, label, hint, marks, className, error, errorTexts, ...control } = props;
  const errorText = error === undefined ? undefined : errorTexts?.[error];
  return {
    frame: { id, label, hint, marks, className, required: control.required, error: errorText, note },
    control: { id, ...describe(id, { error: errorText, note, hint }), ...control },
  };
}

export function FieldLabel({
  htmlFor,
  required,
  marks,
  className = 'font-semibold',
  children,
}: {
  htmlFor: string;
  required?: boolean;
  marks?: FieldMarks;
  /**
   * Replaces the label's type style (a checkbox's label is body text, not a field's title). By
   * default a label has the text size around it: a page's form has the page's, a compact one
   * sets its own (e.g. text-sm on the form).
   */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className={className}>
      {children}
      {marks &&
        (required ? (
          ' *'
        ) : (
          <>
            {' '}
            <span className="font-normal text-muted">{marks.optional}</span>
          </>
        ))}
    </label>
  );
}

/*
 * Hints and errors may hold an example address (https://www.linkedin.com/in/…), which has no place
 * to wrap: it may break anywhere, so a narrow screen with WCAG 1.4.12's spacing keeps its width.
 */

/** The error under a field, and the field's note after it, in one paragraph its control is described by. */
export function FieldError({ id, error, note }: { id: string; error?: string; note?: string }) {
  if (!error && !note) return null;
  return (
    <p id={errorId(id)} className="text-sm font-semibold wrap-anywhere text-danger">
      {[error, note].filter(Boolean).join(' ')}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={hintId(id)} className="text-sm wrap-anywhere text-muted">
      {children}
    </p>
  );
}

type FieldFrameProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  marks?: FieldMarks;
  error?: string;
  note?: string;
  className?: string;
  /** The control, described with describe(id, …). */
  children: ReactNode;
};

/** Label, hint, control and error, one under the other. */
export function FieldFrame({ id, label, hint, required, marks, error, note, className = '', children }: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <FieldLabel htmlFor={id} required={required} marks={marks}>
        {label}
      </FieldLabel>
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      {children}
      <FieldError id={id} error={error} note={note} />
    </div>
  );
}
