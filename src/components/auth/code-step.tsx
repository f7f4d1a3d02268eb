'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import { useFormStatus } from 'react-dom';

import { ActionForm } from '@/components/forms/action-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { buttonClass } from '@/components/ui/button-styles';
import { phoneSignInStep, type PhoneSent, type PhoneSignInState } from '@/lib/auth/actions/phone-sign-in';
import { verifySignInCode } from '@/lib/auth/actions/sign-in';
import { withAnswerText, type ErrorMessages } from '@/lib/auth/form-errors';
import type { PhoneChoice, SignInChoices } from '@/lib/auth/sign-in-choices';

import { CodeField, authFormClass } from './auth-fields';
import { AuthHeading } from './auth-heading';

export type PhoneCodeTexts = {
  chooseIntro: string;
  choices: string;
  app: string;
  sending: string;
  label: string;
  resend: string;
  otherWay: string;
};

export type CodeTexts = {
  title: string;
  intro: string;
  label: string;
  hint: string;
  submit: string;
  pending: string;
  otherAccount: string;
  phone: PhoneCodeTexts;
};

type CodeStepProps = {
  next: string;
  email: string;
  /** The second factors to choose from; without a phone, the app's code is asked for at once. */
  choices?: SignInChoices;
  /** The sign-out route; "another account" ends the half-finished session and returns to sign-in. */
  signOutAction: string;
  signInHref: string;
  texts: CodeTexts;
  errors: ErrorMessages;
};

/**
 * Step two of sign-in. With only an authenticator app: its 6-digit code. With a phone: first the
 * choice (the app, or a code by SMS or WhatsApp to each phone, its enrolment channel first), and
 * choosing a phone sends the code.
 */
export function CodeStep({ choices, ...props }: CodeStepProps) {
  const phones = choices?.phones ?? [];
  if (phones.length === 0) return <AppCodeStep {...props} />;
  return <ChoiceStep {...props} app={choices?.app ?? false} phones={phones} />;
}

type StepProps = Omit<CodeStepProps, 'choices'>;

/** The app's code; `onOtherWay` goes back to the choice, when there is one. */
function AppCodeStep({ next, email, signOutAction, signInHref, texts: t, errors, onOtherWay }: StepProps & { onOtherWay?: () => void }) {
  const [state, action] = useActionState(verifySignInCode, { step: 'code', email });
  const error = state.error;

  return (
    <>
      <AuthHeading title={t.title} intro={t.intro} />
      <ActionForm action={action} error={error} errorTexts={errors} className={`mt-8 ${authFormClass}`}>
        <input type="hidden" name="next" value={next} />
        <CodeField
          id="code"
          label={t.label}
          hint={t.hint}
          autoFocus
          className="[&_input]:text-2xl"
          error={error?.field === 'code' ? error.key : undefined}
          errors={errors}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <SubmitButton label={t.submit} pendingLabel={t.pending} />
          {onOtherWay && (
            <button type="button" onClick={onOtherWay} className="underline-link text-base">
              {t.phone.otherWay}
            </button>
          )}
        </div>
      </ActionForm>
      <OtherAccount signOutAction={signOutAction} signInHref={signInHref} label={t.otherAccount} />
    </>
  );
}

type View = 'choose' | 'app' | 'phone';

/**
 * The choice, then the code of what was chosen. A phone's code form shows once a send succeeded;
 * "another way" and the app are the visitor's own moves, which last until the next answer.
 */
function ChoiceStep({ app, phones, ...props }: StepProps & { app: boolean; phones: PhoneChoice[][] }) {
  const { next, texts: t, errors } = props;
  const [state, action] = useActionState(phoneSignInStep, {});
  const [moved, setMoved] = useState<{ view: Exclude<View, 'phone'>; answer: PhoneSignInState } | null>(null);
  const view: View = moved?.answer === state ? moved.view : state.sent ? 'phone' : 'choose';
  const choices = useRef<HTMLFieldSetElement>(null);
  const lastView = useRef<View>(view);

  useEffect(() => {
    // Back at the choice from a code form: focus goes to its first button, not to <body>.
    if (view === 'choose' && lastView.current !== 'choose') choices.current?.querySelector('button')?.focus();
    lastView.current = view;
  }, [view]);

  const back = () => setMoved({ view: 'choose', answer: state });
  if (view === 'app') return <AppCodeStep {...props} onOtherWay={back} />;

  const errorTexts = withAnswerText(errors, state);
  return (
    <>
      <AuthHeading title={t.title} intro={t.phone.chooseIntro} />
      {/* In the page before a code is sent, so what was sent where is announced; empty, it takes no room. */}
      <div role="status" className={view === 'phone' && state.notice ? 'mt-6 text-base' : 'absolute'}>
        {view === 'phone' && state.notice}
      </div>
      {view === 'phone' && state.sent ? (
        <PhoneCodeForm next={next} sent={state.sent} state={state} action={action} onOtherWay={back} texts={t} errors={errorTexts} />
      ) : (
        <ActionForm action={action} error={state.error} errorTexts={errorTexts} className={`mt-8 ${authFormClass}`}>
          <input type="hidden" name="next" value={next} />
          <input type="hidden" name="intent" value="send" />
          <fieldset ref={choices} className="flex flex-col items-start gap-3">
            <legend className="sr-only">{t.phone.choices}</legend>
            {app && (
              <button
                type="button"
                onClick={() => setMoved({ view: 'app', answer: state })}
                className={buttonClass({ variant: 'secondary' })}
              >
                {t.phone.app}
              </button>
            )}
            {phones.map((channels) => (
              <div key={channels[0]?.factorId} className="flex flex-wrap items-center gap-x-4 gap-y-2">
                {channels.map((choice, index) => (
                  <ChoiceButton key={choice.channel} choice={choice} primary={index === 0} sendingLabel={t.phone.sending} />
                ))}
              </div>
            ))}
          </fieldset>
        </ActionForm>
      )}
      <OtherAccount signOutAction={props.signOutAction} signInHref={props.signInHref} label={t.otherAccount} />
    </>
  );
}

/**
 * Sends a code to one phone by one channel: a pill for the channel chosen at enrolment, a link for
 * the other. While a code is on its way the buttons take no second click (aria-disabled, as
 * SubmitButton does, so focus stays), and the one pressed says so.
 */
function ChoiceButton({ choice, primary, sendingLabel }: { choice: PhoneChoice; primary: boolean; sendingLabel: string }) {
  const { pending, data } = useFormStatus();
  const value = `${choice.factorId}:${choice.channel}`;
  return (
    <button
      type="submit"
      name="choice"
      value={value}
      aria-disabled={pending || undefined}
      onClick={pending ? (event) => event.preventDefault() : undefined}
      className={primary ? buttonClass({ variant: 'secondary' }) : 'underline-link text-base aria-disabled:cursor-wait'}
    >
      {pending && data?.get('choice') === value ? sendingLabel : choice.label}
    </button>
  );
}

type PhoneCodeFormProps = {
  next: string;
  sent: PhoneSent;
  state: PhoneSignInState;
  action: (form: FormData) => void;
  onOtherWay: () => void;
  texts: CodeTexts;
  errors: ErrorMessages;
};

/** The code from the message, with "send a new code" (by the same channel) and the way back. */
function PhoneCodeForm({ next, sent, state, action, onOtherWay, texts: t, errors }: PhoneCodeFormProps) {
  const error = state.error;
  return (
    <ActionForm action={action} error={error} errorTexts={errors} className={`mt-8 ${authFormClass}`}>
      <input type="hidden" name="next" value={next} />
      <input type="hidden" name="factorId" value={sent.factorId} />
      <input type="hidden" name="challengeId" value={sent.challengeId} />
      <input type="hidden" name="choice" value={`${sent.factorId}:${sent.channel}`} />
      <CodeField
        id="phone-code"
        label={t.phone.label}
        hint={t.hint}
        autoFocus
        className="[&_input]:text-2xl"
        error={error?.field === 'code' ? error.key : undefined}
        errors={errors}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SubmitButton label={t.submit} pendingLabel={t.pending} name="intent" value="verify" />
        <button type="submit" name="intent" value="resend" formNoValidate className="underline-link text-base">
          {t.phone.resend}
        </button>
      </div>
      <div>
        <button type="button" onClick={onOtherWay} className="underline-link text-base">
          {t.phone.otherWay}
        </button>
      </div>
    </ActionForm>
  );
}

/** Going back means signing out the half-finished session first. */
function OtherAccount({ signOutAction, signInHref, label }: { signOutAction: string; signInHref: string; label: string }) {
  return (
    <form method="post" action={signOutAction} className="mt-8 border-t border-line pt-6">
      <input type="hidden" name="next" value={signInHref} />
      <button type="submit" className="underline-link text-sm">
        {label}
      </button>
    </form>
  );
}
