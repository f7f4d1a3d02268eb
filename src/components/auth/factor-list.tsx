'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import { useFormStatus } from 'react-dom';

import { removeFactor } from '@/lib/auth/actions/factors';
import type { ErrorMessages } from '@/lib/auth/form-state';

import { FormMessage } from './form-parts';

export type FactorListTexts = {
  title: string;
  remove: string;
  confirmSubmit: string;
  keep: string;
  removing: string;
  removed: string;
};

type Factor = {
  id: string;
  name: string;
  /** When it was linked, as a sentence. */
  added: string;
  /** The remove button's accessible name, which names the app. */
  removeLabel: string;
  /** What unlinking this app means, asked before it happens. */
  confirm: string;
};

function ConfirmButton({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="inline-flex min-h-11 items-center rounded-full bg-fg px-5 text-sm font-semibold text-page hover:opacity-90 disabled:cursor-wait disabled:opacity-70"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * The linked authenticator apps. Unlinking asks first, since it lowers the account's protection;
 * afterwards the list (refreshed by the server) no longer has the app and a status message,
 * in a region that was there all along, says it was unlinked and takes the focus the removed
 * button had.
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
      <div ref={statusRef} role="status" tabIndex={-1} className="mb-4 outline-none empty:mb-0">
        {state.removed && !state.error && <FormMessage tone="success">{t.removed}</FormMessage>}
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
                  <p className="text-sm text-muted">{factor.added}</p>
                </div>
                {confirming === factor.id ? (
                  <form action={action} className="flex w-full flex-col gap-3 rounded-xl border border-line p-4">
                    <input type="hidden" name="factorId" value={factor.id} />
                    <p ref={confirmRef} tabIndex={-1} className="text-base outline-none">
                      {factor.confirm}
                    </p>
                    <div className="flex flex-wrap items-center gap-4">
                      <ConfirmButton label={t.confirmSubmit} pendingLabel={t.removing} />
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
                    className="inline-flex min-h-11 items-center rounded-full border border-fg px-5 text-sm font-semibold hover:bg-fg hover:text-page"
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
