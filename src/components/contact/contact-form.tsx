'use client';

import { useActionState, useRef, useState, type FormEvent, type ReactNode } from 'react';

import { CheckboxField } from '@/components/forms/checkbox-field';
import { FormMessage } from '@/components/forms/form-message';
import { SelectField } from '@/components/forms/select-field';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextArea } from '@/components/forms/text-area';
import { TextField } from '@/components/forms/text-field';
import { useFocusAfterAnswer } from '@/components/forms/use-focus-after-answer';
import { useLazyModule } from '@/components/forms/use-lazy-module';
import type { ErrorTexts } from '@/i18n/error-texts';
import { subjects, type ContactErrorKey, type ContactErrors, type ContactField, type Subject } from '@/lib/contact/contact-fields';
import type { ContactFailure, ContactFormState } from '@/lib/contact/contact-form-state';

import { usePreselectFromQuery } from './use-preselect-from-query';

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
  errors: ErrorTexts<ContactErrorKey>;
  sent: { title: string; text: string };
  failed: Record<ContactFailure, string>;
};

type ContactFormProps = {
  action: (state: ContactFormState, form: FormData) => Promise<ContactFormState>;
  copy: ContactFormCopy;
  /** Vacancy titles by slug, for `?vacancy=<slug>` (use-preselect-from-query.ts). */
  vacancyTitles: Readonly<Record<string, string>>;
};

/**
 * The contact form. Not ActionForm: it answers with an error for every field at once (the browser
 * checks them all with the server's schema before sending), where ActionForm carries one error per answer.
 */
export function ContactForm({ action, copy, vacancyTitles }: ContactFormProps) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle', values: {} });
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failedRef = useRef<HTMLParagraphElement>(null);
  const echoRef = useRef<HTMLSpanElement>(null);
  const schema = useLazyModule(() => import('@/lib/contact/contact-schema'));
  const loadSchema = () => void schema.load();
  usePreselectFromQuery(formRef, vacancyTitles);

  // Whoever found the problems, the browser or the server (before the schema has loaded, or
  // without JavaScript until hydration), the visitor lands on the first field that needs work.
  // A refusal that is not about a field (the rate limit, a failure) puts focus on its message.
  const answer = clientErrors ?? (state.status === 'invalid' || state.status === 'failed' ? state : null);
  useFocusAfterAnswer(answer, formRef, failedRef, echoRef);

  const sent = state.status === 'sent' && (
    <>
      <h2 className="text-2xl md:text-3xl">{copy.sent.title}</h2>
      <p className="mt-4 text-muted">{copy.sent.text}</p>
    </>
  );
  const values = state.status === 'sent' ? {} : state.values;
  const errors = clientErrors ?? (state.status === 'invalid' ? state.errors : {});
  const hasErrors = Object.keys(errors).length > 0;

  // Same schema as the server: instant feedback, and no round trip for what is sure to fail.
  function validateBeforeSending(event: FormEvent<HTMLFormElement>) {
    const checks = schema.current();
    if (!checks) return;
    const result = checks.validateContact(checks.readContactForm(new FormData(event.currentTarget)));
    if (result.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
  }

  const marks = { optional: copy.optional };
  // Each field's error, and the texts it is one of.
  // What every field of this form is given: its name (and id), the optional mark, and its error.
  const field = (name: ContactField) => ({ id: name, name, marks, error: errors[name], errorTexts: copy.errors });

  return (
    // Once sent, the form gives way to the confirmation, in a status region there from the start.
    <StatusRegion message={sent} className="rounded-2xl bg-raised p-8 md:p-10">
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
          {hasErrors && <FormMessage tone="error">{copy.errorSummary}</FormMessage>}
          {state.status === 'failed' && !hasErrors && (
            <FormMessage ref={failedRef} role="alert" tone="error">
              {copy.failed[state.reason]}
            </FormMessage>
          )}
          <span ref={echoRef} className="sr-only" />
        </div>

        <div className="grid gap-8 md:grid-cols-2">
          <TextField {...field('name')} label={copy.name} autoComplete="name" required defaultValue={values.name} />
          <TextField {...field('email')} type="email" label={copy.email} autoComplete="email" required defaultValue={values.email} />
          <TextField {...field('company')} label={copy.company} autoComplete="organization" defaultValue={values.company} />
          <TextField {...field('phone')} type="tel" label={copy.phone} autoComplete="tel" defaultValue={values.phone} />
        </div>

        <div className="grid gap-8 md:grid-cols-2">
          <SelectField {...field('subject')} label={copy.subject} required defaultValue={values.subject ?? 'general'}>
            {subjects.map((subject) => (
              <option key={subject} value={subject}>
                {copy.subjects[subject]}
              </option>
            ))}
          </SelectField>
          {/* Only relevant for a vacancy; CSS shows it when that subject is chosen, so it works without JavaScript. */}
          <div className="hidden group-has-[option[value=vacancy]:checked]/form:block">
            <TextField {...field('vacancy')} label={copy.vacancy} defaultValue={values.vacancy} />
          </div>
        </div>

        <TextArea {...field('message')} label={copy.message} hint={copy.messageHint} rows={7} required defaultValue={values.message} />

        {/* Honeypot: hidden from people and assistive tech; bots that fill every field give themselves away. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="website">{copy.honeypot}</label>
          <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>

        <CheckboxField {...field('consent')} label={copy.consent} required defaultChecked={values.consent === 'on'} />

        <div>
          <SubmitButton label={copy.submit} pendingLabel={copy.sending} size="lg" pending={pending} />
        </div>
      </form>
    </StatusRegion>
  );
}
