'use client';

import { useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SuccessMessage } from '@/components/forms/success-message';
import { subjects, type ContactErrors, type ContactField, type Subject } from '@/lib/contact/contact-fields';
import type { ContactFailure, ContactFormState } from '@/lib/contact/contact-form-state';

type Schema = typeof import('@/lib/contact/contact-schema');

export type ContactFormCopy = {
  title: string;
  lead: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  optional: string;
  subject: string;
  subjects: Record<Subject, string>;
  vacancy: string;
  message: string;
  messageHint: string;
  consent: ReactNode;
  honeypot: string;
  submit: string;
  sending: string;
  errorSummary: string;
  /** Error message per key, e.g. "email.invalid". */
  errors: Record<string, string>;
  sent: { title: string; text: string };
  failed: Record<ContactFailure, string>;
};

type ContactFormProps = {
  action: (state: ContactFormState, form: FormData) => Promise<ContactFormState>;
  copy: ContactFormCopy;
  /** Preselected from the URL, e.g. when applying from a vacancy page. */
  initialSubject: Subject;
  initialVacancy?: string;
};

// Focused fields keep the site's 2px focus ring (WCAG 2.4.13) and thicken their underline.
const fieldClass =
  'mt-2 block w-full py-2 text-base text-fg placeholder:text-muted aria-[invalid=true]:border-danger focus-visible:border-b-2';

export function ContactForm({ action, copy, initialSubject, initialVacancy }: ContactFormProps) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle', values: {} });
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failedRef = useRef<HTMLParagraphElement>(null);
  const schema = useRef<Schema | null>(null);
  const schemaRequested = useRef(false);

  // The shared zod schema is fetched when the visitor first reaches into the form, not while the
  // page loads: typing takes seconds, loading it takes milliseconds, and until it is there the
  // server validates alone.
  function loadSchema() {
    if (schemaRequested.current) return;
    schemaRequested.current = true;
    void import('@/lib/contact/contact-schema').then(
      (module) => {
        schema.current = module;
      },
      () => {
        // A failed chunk load leaves validation to the server; the next focus tries again.
        schemaRequested.current = false;
      },
    );
  }

  // Whoever found the problems, the browser or the server (before the schema has loaded, or
  // without JavaScript until hydration), the visitor lands on the first field that needs work.
  // A refusal that is not about a field (the rate limit, a failure) puts focus on its message.
  useEffect(() => {
    if (clientErrors || state.status === 'invalid') {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    } else if (state.status === 'failed') {
      failedRef.current?.focus();
    }
  }, [clientErrors, state]);

  if (state.status === 'sent') {
    return (
      <SuccessMessage className="rounded-2xl bg-raised p-8 md:p-10">
        <h2 className="text-2xl md:text-3xl">{copy.sent.title}</h2>
        <p className="mt-4 text-muted">{copy.sent.text}</p>
      </SuccessMessage>
    );
  }

  const values = state.values;
  const errors = clientErrors ?? (state.status === 'invalid' ? state.errors : {});
  const hasErrors = Object.keys(errors).length > 0;

  // Same schema as the server: instant feedback, and no round trip for what is sure to fail.
  function validateBeforeSending(event: FormEvent<HTMLFormElement>) {
    if (!schema.current) return;
    const result = schema.current.validateContact(schema.current.readContactForm(new FormData(event.currentTarget)));
    if (result.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
  }

  const describedBy = (field: ContactField, hint?: string) =>
    [errors[field] ? `${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const errorText = (field: ContactField) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-2 text-sm font-semibold text-danger">
        {copy.errors[errors[field]] ?? errors[field]}
      </p>
    ) : null;

  const text = (field: 'name' | 'email' | 'company' | 'phone', type: string, autoComplete: string, required: boolean) => (
    <div>
      <label htmlFor={field} className="font-semibold">
        {copy[field]}
        {required ? ' *' : <span className="font-normal text-muted"> {copy.optional}</span>}
      </label>
      <input
        id={field}
        name={field}
        type={type}
        autoComplete={autoComplete}
        required={required}
        defaultValue={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        className={fieldClass}
      />
      {errorText(field)}
    </div>
  );

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={validateBeforeSending}
      onFocus={loadSchema}
      onPointerDown={loadSchema}
      noValidate
      aria-labelledby="contact-form-title"
      className="group/form grid gap-8"
    >
      <div>
        <h2 id="contact-form-title" className="text-2xl md:text-3xl">
          {copy.title}
        </h2>
        <p className="mt-2 text-sm text-muted">{copy.lead}</p>
      </div>

      {/* In the page from the start, so what arrives in it is announced; empty, it has no box and takes no gap. */}
      <div aria-live="polite" className="contents">
        {hasErrors && <p className="rounded-lg border border-danger p-4 font-semibold">{copy.errorSummary}</p>}
        {state.status === 'failed' && !hasErrors && (
          <p ref={failedRef} role="alert" tabIndex={-1} className="rounded-lg border border-danger p-4 font-semibold">
            {copy.failed[state.reason]}
          </p>
        )}
      </div>

      <div className="grid gap-8 md:grid-cols-2">
        {text('name', 'text', 'name', true)}
        {text('email', 'email', 'email', true)}
        {text('company', 'text', 'organization', false)}
        {text('phone', 'tel', 'tel', false)}
      </div>

      <div className="grid gap-8 md:grid-cols-2">
        <div>
          <label htmlFor="subject" className="font-semibold">
            {copy.subject} *
          </label>
          <select
            id="subject"
            name="subject"
            defaultValue={values.subject ?? initialSubject}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy('subject')}
            className={`${fieldClass} bg-page`}
          >
            {subjects.map((subject) => (
              <option key={subject} value={subject}>
                {copy.subjects[subject]}
              </option>
            ))}
          </select>
          {errorText('subject')}
        </div>
        {/* Only relevant for a vacancy; CSS shows it when that subject is chosen, so it works without JavaScript. */}
        <div className="hidden group-has-[option[value=vacancy]:checked]/form:block">
          <label htmlFor="vacancy" className="font-semibold">
            {copy.vacancy} <span className="font-normal text-muted">{copy.optional}</span>
          </label>
          <input
            id="vacancy"
            name="vacancy"
            type="text"
            defaultValue={values.vacancy ?? initialVacancy}
            aria-invalid={errors.vacancy ? true : undefined}
            aria-describedby={describedBy('vacancy')}
            className={fieldClass}
          />
          {errorText('vacancy')}
        </div>
      </div>

      <div>
        <label htmlFor="message" className="font-semibold">
          {copy.message} *
        </label>
        <p id="message-hint" className="mt-1 text-sm text-muted">
          {copy.messageHint}
        </p>
        <textarea
          id="message"
          name="message"
          rows={7}
          required
          defaultValue={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', 'message-hint')}
          className={`${fieldClass} resize-y`}
        />
        {errorText('message')}
      </div>

      {/* Honeypot: hidden from people and assistive tech; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="website">{copy.honeypot}</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div>
        <div className="flex items-start gap-3">
          <input
            id="consent"
            name="consent"
            type="checkbox"
            required
            defaultChecked={values.consent === 'on'}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('consent')}
            className="mt-1 size-5 shrink-0 accent-current"
          />
          <label htmlFor="consent" className="text-base">
            {copy.consent} *
          </label>
        </div>
        {errorText('consent')}
      </div>

      <div>
        <button
          type="submit"
          disabled={pending}
          className="inline-flex items-center gap-2 rounded-full bg-fg px-7 py-3.5 font-semibold text-page disabled:opacity-70"
        >
          {pending ? copy.sending : copy.submit}
        </button>
      </div>
    </form>
  );
}
