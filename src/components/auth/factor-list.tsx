'use client';

import { useActionState, useEffect, useRef, useState } from 'react';

import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { buttonClass } from '@/components/ui/button-styles';
import { removeFactor } from '@/lib/auth/actions/factors';
import type { ErrorMessages } from '@/lib/auth/form-errors';

export type FactorListTexts = {
  title: string;
  remove: string;
  confirmSubmit: string;
  keep: string;
  removing: string;
  /** After unlinking an app, and a phone. */
  removed: string;
  phoneRemoved: string;
};

type Factor = {
  id: string;
  name: string;
  /** What it is, when the name does not say (a phone and its channel). */
  detail?: string;
  /** When it was linked, as a sentence. */
  added: string;
  /** The remove button's accessible name, which names the factor. */
  removeLabel: string;
  /** What unlinking this factor means, asked before it happens. */
  confirm: string;
};

/**
 * The linked authenticator apps and phones. Unlinking asks first, since it lowers the account's
 * protection; afterwards the list (refreshed by the server) no longer has the factor and a status
 * message, in a region that was there all along, says it was unlinked and takes the focus the
 * removed button had.
 */
export function FactorList({ factors, texts: t, errors }: { factors: Factor[]; texts: FactorListTexts; errors: ErrorMessages }) {
  const [state, action] = useActionState(removeFactor, {});
  const [confirming, setConfirming] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (state.removed || state.error) statusRef.current?.focus();
  }, [state]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  function keep(factorId: string) {
    setConfirming(null);
    // Back to the button that opened the question, not to <body>.
    requestAnimationFrame(() => removeButtons.current.get(factorId)?.focus());
  }

  return (
    <>
      <div ref={statusRef} role="status" tabIndex={-1} className="mb-4 outline-offset-4 empty:mb-0">
        {state.removed && !state.error && (
          <FormMessage tone="success">{state.removed === 'phone' ? t.phoneRemoved : t.removed}</FormMessage>
        )}
        {state.error && <FormMessage tone="error">{errors[state.error.key]}</FormMessage>}
      </div>
      {factors.length > 0 && (
        <>
          <h3 className="mb-3 text-base font-semibold">{t.title}</h3>
          <ul className="mb-6 divide-y divide-line border-y border-line">
            {factors.map((factor) => (
              <li key={factor.id} className="flex flex-wrap items-center justify-between gap-4 py-4">
                <div>
                  <p className="font-semibold">{factor.name}</p>
                  {factor.detail && <p className="text-sm text-muted">{factor.detail}</p>}
                  <p className="text-sm text-muted">{factor.added}</p>
                </div>
                {confirming === factor.id ? (
                  <form action={action} className="flex w-full flex-col gap-3 rounded-xl border border-line p-4">
                    <input type="hidden" name="factorId" value={factor.id} />
                    <p ref={confirmRef} tabIndex={-1} className="text-base outline-offset-4">
                      {factor.confirm}
                    </p>
                    <div className="flex flex-wrap items-center gap-4">
                      <SubmitButton label={t.confirmSubmit} pendingLabel={t.removing} size="sm" />
                      <button type="button" onClick={() => keep(factor.id)} className="underline-link text-base">
                        {t.keep}
                      </button>
                    </div>
                  </form>
                ) : (
                  <button
                    type="button"
                    ref={(button) => {
                      if (button) removeButtons.current.set(factor.id, button);
                      else removeButtons.current.delete(factor.id);
                    }}
                    onClick={() => setConfirming(factor.id)}
                    aria-label={factor.removeLabel}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    {t.remove}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
