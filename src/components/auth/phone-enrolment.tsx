'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useEffect, useRef, useState } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { buttonClass } from '@/components/ui/button-styles';
import { managePhoneEnrolment, type PhoneEnrolState } from '@/lib/auth/actions/phone-factors';
import { withAnswerText, type ErrorMessages } from '@/lib/auth/form-errors';
import { PHONE_CHANNELS } from '@/lib/auth/phone';

import { CodeField, authFormClass } from './auth-fields';

export type PhoneEnrolTexts = {
  intro: string;
  start: string;
  number: string;
  numberHint: string;
  channel: string;
  sms: string;
  whatsapp: string;
  send: string;
  sending: string;
  code: string;
  verify: string;
  verifying: string;
  resend: string;
  cancel: string;
  enabled: string;
};

/**
 * Links a phone: the number and a channel, then the code that was sent to it (or a new one), as
 * TotpEnrolment links an app. Each step replaces the controls that led to it, so focus goes along
 * (WCAG 2.4.3): to the number once opened, to what was sent where once sent, back to the start
 * button once cancelled, to the confirmation once linked.
 */
export function PhoneEnrolment({ texts: t, errors }: { texts: PhoneEnrolTexts; errors: ErrorMessages }) {
  const router = useRouter();
  const [state, action] = useActionState(managePhoneEnrolment, {});
  // Opening the form is the visitor's own move; it lasts until the next answer.
  const [openedAt, setOpenedAt] = useState<PhoneEnrolState | null>(null);
  const initial = useRef(state);
  const start = useRef<HTMLButtonElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const view = state.enrolment ? 'code' : openedAt === state || state.error ? 'number' : 'start';
  const errorTexts = withAnswerText(errors, state);

  useEffect(() => {
    // Errors take the focus in ActionForm; the confirmation in StatusRegion.
    if (state === initial.current || state.error || state.enabled) return;
    if (state.enrolment) notice.current?.focus();
    else start.current?.focus();
  }, [state]);

  // The list of linked factors is server-rendered; fetch it again once the phone is confirmed.
  useEffect(() => {
    if (state.enabled) router.refresh();
  }, [state.enabled, router]);

  function close() {
    setOpenedAt(null);
    requestAnimationFrame(() => start.current?.focus());
  }

  return (
    <StatusRegion message={state.enabled && <FormMessage tone="success">{t.enabled}</FormMessage>}>
      <div className="mt-8 flex flex-col gap-4 border-t border-line pt-6">
        <p className="text-base text-muted">{t.intro}</p>
        {view === 'start' && (
          <div>
            <button ref={start} type="button" onClick={() => setOpenedAt(state)} className={buttonClass({ variant: 'secondary' })}>
              {t.start}
            </button>
          </div>
        )}
        {view === 'number' && <NumberStep state={state} action={action} onCancel={close} texts={t} errors={errorTexts} />}
        {view === 'code' && state.enrolment && (
          <div className="flex flex-col gap-6 rounded-xl border border-line p-5 sm:p-6">
            {/* A status, so the text of a new code ("sent again") is announced where focus already is. */}
            <p ref={notice} role="status" tabIndex={-1} className="text-base outline-offset-4">
              {state.notice}
            </p>
            <ActionForm action={action} error={state.error} errorTexts={errorTexts} className={authFormClass}>
              <input type="hidden" name="factorId" value={state.enrolment.factorId} />
              <input type="hidden" name="challengeId" value={state.enrolment.challengeId} />
              <CodeField
                id="phone-enrol-code"
                label={t.code}
                className="[&_input]:text-xl"
                error={state.error?.field === 'code' ? state.error.key : undefined}
                errors={errorTexts}
              />
              <div className="flex flex-wrap items-center gap-4">
                <SubmitButton label={t.verify} pendingLabel={t.verifying} name="intent" value="confirm" />
                <button type="submit" name="intent" value="resend" formNoValidate className="underline-link text-base">
                  {t.resend}
                </button>
                <button type="submit" name="intent" value="cancel" formNoValidate className="underline-link text-base">
                  {t.cancel}
                </button>
              </div>
            </ActionForm>
          </div>
        )}
      </div>
    </StatusRegion>
  );
}

type NumberStepProps = {
  state: PhoneEnrolState;
  action: (form: FormData) => void;
  onCancel: () => void;
  texts: PhoneEnrolTexts;
  errors: ErrorMessages;
};

/** The number (any way people write it; the server makes it E.164) and the channel for its codes. */
function NumberStep({ state, action, onCancel, texts: t, errors }: NumberStepProps) {
  const chosen = state.channel ?? 'sms';
  return (
    <ActionForm
      action={action}
      error={state.error}
      errorTexts={errors}
      className={`rounded-xl border border-line p-5 sm:p-6 ${authFormClass}`}
    >
      <input type="hidden" name="intent" value="send" />
      <TextField
        id="phone-number"
        name="phone"
        label={t.number}
        hint={t.numberHint}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        autoFocus
        defaultValue={state.phone ?? ''}
        // A new key after each answer puts the server's value back in the field.
        key={`phone-${state.phone ?? ''}`}
        error={state.error?.field === 'phone' ? state.error.key : undefined}
        errorTexts={errors}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t.channel}</legend>
        {PHONE_CHANNELS.map((channel) => (
          <label key={`${channel}-${chosen}`} className="flex items-center gap-3 text-base">
            <input type="radio" name="channel" value={channel} defaultChecked={channel === chosen} className="size-5 accent-fg" />
            {t[channel]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton label={t.send} pendingLabel={t.sending} />
        <button type="button" onClick={onCancel} className="underline-link text-base">
          {t.cancel}
        </button>
      </div>
    </ActionForm>
  );
}
