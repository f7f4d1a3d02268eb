'use client';

import { useRef, useState, type FormEvent, type ReactNode } from 'react';

import { CheckboxField } from '@/components/forms/checkbox-field';
import { FileField } from '@/components/forms/file-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextArea, type CharacterCounter } from '@/components/forms/text-area';
import { TextField } from '@/components/forms/text-field';
import { useFocusAfterAnswer } from '@/components/forms/use-focus-after-answer';
import { useLazyModule } from '@/components/forms/use-lazy-module';
import type { ErrorTexts } from '@/i18n/error-texts';
import {
  acceptAttribute,
  APPLICATION_FAILURES,
  fileFields,
  type ApplicationErrorKey,
  type ApplicationErrors,
  type ApplicationField,
  type ApplicationFailure,
  type ApplicationResponse,
  type ApplicationValues,
} from '@/lib/applications/application-fields';

type Failure = ApplicationFailure | 'network';

export type ApplicationFormCopy = {
  lead: string;
  name: string;
  email: string;
  phone: string;
  profileUrl: string;
  profileUrlHint: string;
  optional: string;
  motivation: string;
  motivationHint: string;
  counter: CharacterCounter;
  cv: string;
  cvHint: string;
  extra: string;
  extraHint: string;
  chooseAgain: string;
  consent: ReactNode;
  talentPool: string;
  talentPoolHint: string;
  honeypot: string;
  submit: string;
  /** The submit button once the vacancy has closed: the same form then goes as an open application. */
  submitOpen: string;
  sending: string;
  progress: string;
  /** The pending label once every byte is sent and the server still checks the files. */
  checking: string;
  errorSummary: string;
  errors: ErrorTexts<ApplicationErrorKey>;
  failed: Record<Failure, string>;
};

type ApplicationFormProps = {
  locale: string;
  /** The vacancy applied for; none for an open application. */
  vacancySlug: string | null;
  copy: ApplicationFormCopy;
  /** What came back from a refused submit without JavaScript (the retry page). */
  initial?: { values: ApplicationValues; errors: ApplicationErrors; failure: ApplicationFailure | null };
};

/** Where the form posts, with or without JavaScript (src/app/api/applications/route.ts). */
const ENDPOINT = '/api/applications';

/** The fields in the order the form shows them, which the error summary follows. */
const FIELD_ORDER = [
  'name',
  'email',
  'phone',
  'profileUrl',
  'motivation',
  'consent',
  'cv',
  'extra',
] as const satisfies readonly ApplicationField[];

type Answer = { errors: ApplicationErrors; failure: Failure | null };

/**
 * The application form. Without JavaScript it is a plain multipart form: the server answers with
 * the confirmation page, or a page that gives back what was typed. With JavaScript it checks the
 * text with the server's own schema and the files' size before anything is sent, then sends the
 * same form by XMLHttpRequest, the one browser API that reports upload progress, and shows the
 * server's answer in place, with the chosen files still chosen. Not ActionForm, which posts to a
 * server action: an action's body is read whole into memory, and the upload is streamed (see the route).
 */
export function ApplicationForm({ locale, vacancySlug, copy, initial }: ApplicationFormProps) {
  const [answer, setAnswer] = useState<Answer | null>(initial ? { errors: initial.errors, failure: initial.failure } : null);
  const [progress, setProgress] = useState<number | null>(null);
  // A vacancy that closed while someone applied: the answer says an open application is still
  // possible, so from then on the form is one (the server refuses the closed vacancy every time).
  const [vacancyClosed, setVacancyClosed] = useState(initial?.failure === 'vacancyClosed');
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const echoRef = useRef<HTMLSpanElement>(null);
  const schema = useLazyModule(() => import('@/lib/applications/application-schema'));
  useFocusAfterAnswer(answer, formRef, messageRef, echoRef);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checks = schema.current() ?? (await schema.load());
    // Without the schema (the chunk could not load) the form goes as it would without script.
    if (!checks) {
      HTMLFormElement.prototype.submit.call(form);
      return;
    }
    const data = new FormData(form);
    const validation = checks.validateApplication(checks.readApplicationForm(data));
    const errors: ApplicationErrors = validation.ok ? {} : { ...validation.errors };
    for (const field of fileFields) {
      const file = data.get(field);
      const problem = checks.checkChosenFile(field, file instanceof File ? file : null);
      if (problem) errors[field] = problem;
    }
    if (Object.keys(errors).length > 0) {
      setAnswer({ errors, failure: null });
      return;
    }
    // What was wrong last time is answered by this send: no old error may stand beside its progress.
    setAnswer(null);
    upload(data);
  }

  function upload(data: FormData) {
    const request = new XMLHttpRequest();
    request.open('POST', ENDPOINT);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    });
    const fail = (failure: Failure) => {
      setProgress(null);
      setAnswer({ errors: {}, failure });
    };
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (!isResponse(body)) return fail('unavailable');
      if (body.status === 'received') {
        window.location.assign(body.next);
        return;
      }
      setProgress(null);
      if (body.status === 'failed' && body.reason === 'vacancyClosed') setVacancyClosed(true);
      setAnswer(body.status === 'invalid' ? { errors: body.errors, failure: null } : { errors: {}, failure: body.reason });
    });
    request.addEventListener('error', () => fail('network'));
    request.addEventListener('abort', () => fail('network'));
    setProgress(0);
    request.send(data);
  }

  const errors = answer?.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  // With JavaScript a refused file stays chosen, and its error says to choose another. Without it
  // the retry page was rendered anew and the browser has dropped the files: the CV must be chosen
  // again (unless the error already asks for one), and so must an extra file that was refused.
  const chooseAgain = (field: 'cv' | 'extra') =>
    initial && errors[field] !== 'file.required' && (field === 'cv' || errors[field]) ? copy.chooseAgain : undefined;
  const values = initial?.values ?? {};
  const sending = progress !== null;
  const marks = { optional: copy.optional };
  // What every field of this form is given: its name (and id), the optional mark, and its error.
  const field = (name: ApplicationField) => ({ id: name, name, marks, error: errors[name], errorTexts: copy.errors });

  return (
    <form
      ref={formRef}
      method="post"
      action={ENDPOINT}
      encType="multipart/form-data"
      noValidate
      onSubmit={(event) => void send(event)}
      onFocus={() => void schema.load()}
      onPointerDown={() => void schema.load()}
      className="grid gap-8"
    >
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="vacancy" value={vacancyClosed ? '' : (vacancySlug ?? '')} />
      <p className="text-sm text-muted">{copy.lead}</p>

      {/* In the page from the start, so what arrives in it is announced; empty, it has no box and takes no gap. */}
      <div role="alert" className="contents">
        {(hasErrors || answer?.failure) && (
          <FormMessage ref={messageRef} tone="error">
            {answer?.failure ? copy.failed[answer.failure] : copy.errorSummary}
          </FormMessage>
        )}
        {/* Without JavaScript nothing moves focus to the fields: the summary lists each problem and links to its field. */}
        {initial && hasErrors && !answer?.failure && (
          <ul className="-mt-4 grid list-disc gap-1 pl-9 text-sm">
            {FIELD_ORDER.filter((field) => errors[field]).map((field) => {
              const key = errors[field];
              return (
                key && (
                  <li key={field}>
                    <a href={`#${field}`} className="font-semibold wrap-anywhere text-danger underline underline-offset-2">
                      {copy.errors[key]}
                    </a>
                  </li>
                )
              );
            })}
          </ul>
        )}
        <span ref={echoRef} className="sr-only" />
      </div>

      <div className="grid gap-8 md:grid-cols-2">
        <TextField {...field('name')} label={copy.name} required autoComplete="name" defaultValue={values.name} />
        <TextField {...field('email')} type="email" label={copy.email} required autoComplete="email" defaultValue={values.email} />
        <TextField {...field('phone')} type="tel" label={copy.phone} autoComplete="tel" defaultValue={values.phone} />
        <TextField
          {...field('profileUrl')}
          type="url"
          label={copy.profileUrl}
          hint={copy.profileUrlHint}
          autoComplete="url"
          defaultValue={values.profileUrl}
        />
      </div>

      <TextArea
        {...field('motivation')}
        rows={7}
        label={copy.motivation}
        hint={copy.motivationHint}
        required
        counter={copy.counter}
        defaultValue={values.motivation}
      />

      {/* Honeypot: hidden from people and assistive tech; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="website">{copy.honeypot}</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="grid gap-6">
        <CheckboxField {...field('consent')} label={copy.consent} required defaultChecked={values.consent === 'on'} />
        <CheckboxField
          id="talentPool"
          name="talentPool"
          label={copy.talentPool}
          hint={copy.talentPoolHint}
          defaultChecked={values.talentPool === 'on'}
        />
      </div>

      {/* The files come last, after every text field: when the server must refuse before it reads the upload, it reads
          the text before the first file and gives it back (readTextBeforeFiles). */}
      <div className="grid gap-8 md:grid-cols-2">
        <FileField {...field('cv')} label={copy.cv} hint={copy.cvHint} required accept={acceptAttribute} chooseAgain={chooseAgain('cv')} />
        <FileField
          {...field('extra')}
          label={copy.extra}
          hint={copy.extraHint}
          accept={acceptAttribute}
          chooseAgain={chooseAgain('extra')}
        />
      </div>

      <div className="flex flex-wrap items-center gap-6">
        <SubmitButton
          label={vacancyClosed ? copy.submitOpen : copy.submit}
          pendingLabel={progress === 100 ? copy.checking : copy.sending}
          pending={sending}
        />
        {/* Whether a focused button's new name is read depends on the screen reader; this is said by all. */}
        <p role="status" className="sr-only">
          {sending && (progress === 100 ? copy.checking : copy.sending)}
        </p>
        {sending && (
          <div className="flex min-w-48 flex-1 items-center gap-3">
            <label htmlFor="upload-progress" className="text-sm font-semibold">
              {copy.progress}
            </label>
            <progress id="upload-progress" max={100} value={progress} className="h-2 flex-1 accent-current">
              {progress}%
            </progress>
            <span className="text-sm tabular-nums" aria-hidden="true">
              {progress}%
            </span>
          </div>
        )}
      </div>
    </form>
  );
}

function isResponse(value: unknown): value is ApplicationResponse {
  if (typeof value !== 'object' || value === null || !('status' in value)) return false;
  switch (value.status) {
    case 'received':
      return 'next' in value && typeof value.next === 'string' && value.next.startsWith('/') && !value.next.startsWith('//');
    case 'invalid':
      return 'errors' in value && typeof value.errors === 'object' && value.errors !== null;
    case 'failed':
      return 'reason' in value && typeof value.reason === 'string' && (APPLICATION_FAILURES as readonly string[]).includes(value.reason);
    default:
      return false;
  }
}
