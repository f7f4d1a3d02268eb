'use client';

import Image from 'next/image';
import { useRouter } from 'next/navigation';
import { useActionState, useEffect } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { SuccessMessage } from '@/components/forms/success-message';
import { manageTotpEnrolment } from '@/lib/auth/actions/factors';
import type { ErrorMessages } from '@/lib/auth/form-state';
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

/** Links an authenticator app: start, scan the QR code (or copy the secret), confirm with a code. */
export function TotpEnrolment({ texts: t, errors }: { texts: EnrolTexts; errors: ErrorMessages }) {
  const router = useRouter();
  const [state, action] = useActionState(manageTotpEnrolment, {});

  // The list of linked apps is server-rendered; fetch it again once the new one is confirmed.
  useEffect(() => {
    if (state.enabled) router.refresh();
  }, [state.enabled, router]);

  if (state.enabled) {
    return (
      <SuccessMessage>
        <FormMessage tone="success">{t.enabled}</FormMessage>
      </SuccessMessage>
    );
  }

  const enrolment = state.enrolment;
  if (!enrolment) {
    return (
      <ActionForm action={action} error={state.error} errorTexts={errors} className={authFormClass}>
        <input type="hidden" name="intent" value="start" />
        <div>
          <SubmitButton label={t.start} pendingLabel={t.starting} variant="secondary" />
        </div>
      </ActionForm>
    );
  }

  const qr = qrImageSrc(enrolment.qrCode);
  const error = state.error;
  return (
    <div className="flex flex-col gap-6 rounded-xl border border-line p-5 sm:p-6">
      <p className="text-base">{t.scan}</p>
      {qr && (
        // A white tile in both colour modes: scanners need dark modules on a light ground.
        <div className="self-start rounded-lg bg-white p-3">
          <Image src={qr} alt={t.qrAlt} width={176} height={176} unoptimized className="size-44" />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted">{t.manual}</p>
        <div className="flex flex-wrap items-center gap-3">
          <code aria-label={t.secret} className="rounded-md bg-raised px-3 py-2 font-mono text-sm break-all select-all">
            {enrolment.secret}
          </code>
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
