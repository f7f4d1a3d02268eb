'use client';

import Image from 'next/image';
import { useRouter } from 'next/navigation';
import { useActionState, useEffect, useRef, type RefObject } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { FormMessage } from '@/components/forms/form-message';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import { manageTotpEnrolment, type EnrolState, type Enrolment } from '@/lib/auth/actions/factors';
import type { ErrorMessages } from '@/lib/auth/form-errors';
import { qrImageSrc } from '@/lib/auth/qr-data-url';

import { CodeField, authFormClass } from './auth-fields';
import { CopyButton } from './copy-button';

export type EnrolTexts = {
  start: string;
  starting: string;
  scan: string;
  qrAlt: string;
  manual: string;
  secret: string;
  copy: string;
  copied: string;
  code: string;
  verify: string;
  verifying: string;
  cancel: string;
  enabled: string;
};

/**
 * Links an authenticator app: start, scan the QR code (or copy the secret), confirm with a code.
 * Each step replaces the button that led to it, so focus goes along (WCAG 2.4.3): to the
 * instructions once started, back to the start button once cancelled, to the confirmation once linked.
 */
export function TotpEnrolment({ texts: t, errors }: { texts: EnrolTexts; errors: ErrorMessages }) {
  const router = useRouter();
  const [state, action] = useActionState(manageTotpEnrolment, {});
  const initial = useRef(state);
  const instructions = useRef<HTMLParagraphElement>(null);
  const start = useRef<HTMLDivElement>(null);
  const started = Boolean(state.enrolment);

  useEffect(() => {
    // Errors take the focus in ActionForm; the confirmation in StatusRegion.
    if (state === initial.current || state.error || state.enabled) return;
    if (started) instructions.current?.focus();
    else start.current?.querySelector('button')?.focus();
  }, [state, started]);

  // The list of linked apps is server-rendered; fetch it again once the new one is confirmed.
  useEffect(() => {
    if (state.enabled) router.refresh();
  }, [state.enabled, router]);

  return (
    <StatusRegion message={state.enabled && <FormMessage tone="success">{t.enabled}</FormMessage>}>
      {state.enrolment ? (
        <Steps enrolment={state.enrolment} action={action} error={state.error} instructions={instructions} texts={t} errors={errors} />
      ) : (
        <div ref={start}>
          <ActionForm action={action} error={state.error} errorTexts={errors} className={authFormClass}>
            <input type="hidden" name="intent" value="start" />
            <div>
              <SubmitButton label={t.start} pendingLabel={t.starting} variant="secondary" />
            </div>
          </ActionForm>
        </div>
      )}
    </StatusRegion>
  );
}

type StepsProps = {
  enrolment: Enrolment;
  action: (form: FormData) => void;
  error: EnrolState['error'];
  instructions: RefObject<HTMLParagraphElement | null>;
  texts: EnrolTexts;
  errors: ErrorMessages;
};

/** Scan or type the secret, then confirm with a code (or cancel). */
function Steps({ enrolment, action, error, instructions, texts: t, errors }: StepsProps) {
  const qr = qrImageSrc(enrolment.qrCode);
  return (
    <div className="flex flex-col gap-6 rounded-xl border border-line p-5 sm:p-6">
      <p ref={instructions} tabIndex={-1} className="text-base outline-offset-4">
        {t.scan}
      </p>
      {qr && (
        // A white tile in both colour modes: scanners need dark modules on a light ground.
        <div className="self-start rounded-lg bg-white p-3">
          <Image src={qr} alt={t.qrAlt} width={176} height={176} unoptimized className="size-44" />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted">{t.manual}</p>
        <div className="flex flex-wrap items-center gap-3">
          {/* A code element cannot be named (ARIA 1.2); its paragraph says what it is. */}
          <p className="rounded-md bg-raised px-3 py-2 font-mono text-sm break-all">
            <span className="sr-only">{t.secret}: </span>
            <code className="select-all">{enrolment.secret}</code>
          </p>
          <CopyButton value={enrolment.secret} label={t.copy} copiedLabel={t.copied} />
        </div>
      </div>
      <ActionForm action={action} error={error} errorTexts={errors} className={authFormClass}>
        <input type="hidden" name="factorId" value={enrolment.factorId} />
        <CodeField
          id="enrol-code"
          label={t.code}
          className="[&_input]:text-xl"
          error={error?.field === 'code' ? error.key : undefined}
          errors={errors}
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton label={t.verify} pendingLabel={t.verifying} name="intent" value="confirm" />
          <button type="submit" name="intent" value="cancel" formNoValidate className="underline-link text-base">
            {t.cancel}
          </button>
        </div>
      </ActionForm>
    </div>
  );
}
