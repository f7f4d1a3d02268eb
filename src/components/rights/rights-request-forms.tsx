'use client';

import { useActionState } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { FormMessage } from '@/components/forms/form-message';
import { SelectField } from '@/components/forms/select-field';
import { StatusRegion } from '@/components/forms/status-region';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { buttonClass } from '@/components/ui/button-styles';
import type { ErrorTexts } from '@/i18n/error-texts';
import type { EraseAnswer, RightsAnswer, RightsEraseError, RightsLookupError, RightsSummary } from '@/lib/rights/rights-answer';

type Texts = {
  email: string;
  lookUp: string;
  lookingUp: string;
  /** With {email}. */
  summaryTitle: string;
  counts: Record<keyof RightsSummary['counts'] | 'yes' | 'no', string>;
  /** With {statusChanges}, {notes}, {handledMessages} and {accessLogEntries}. */
  staff: string;
  /** Said when the applications found were opened by staff: what erasure does with that log. */
  accessLogKept: string;
  nothing: string;
  export: string;
  exportHint: string;
  /** The question how the request was checked, and its two answers (IDENTITY_CHECKS) with a first, empty choice. */
  identity: { exportLabel: string; eraseLabel: string; choose: string; same_address: string; confirmed_from_address: string };
  confirm: string;
  erase: string;
  erasing: string;
  /** With {email}. */
  erased: string;
};

/** A text with its {placeholders} filled in (the texts come from the server, which cannot send functions). */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

type Props = {
  lookUp: (previous: RightsAnswer, form: FormData) => Promise<RightsAnswer>;
  erase: (previous: EraseAnswer, form: FormData) => Promise<EraseAnswer>;
  /** The export route: a plain form posts here, as a file cannot come back from a server action. */
  exportPath: string;
  texts: Texts;
  errors: ErrorTexts<RightsLookupError>;
  eraseErrors: Record<RightsEraseError, string>;
};

/** How the admin checked the request, asked before each export and erasure; the browser will not send the form without it. */
function IdentityCheckField({ id, label, texts, chosen }: { id: string; label: string; texts: Texts['identity']; chosen?: string }) {
  return (
    <SelectField id={id} name="identity" label={label} required defaultValue={chosen ?? ''} className="w-full max-w-xl">
      <option value="" disabled>
        {texts.choose}
      </option>
      <option value="same_address">{texts.same_address}</option>
      <option value="confirmed_from_address">{texts.confirmed_from_address}</option>
    </SelectField>
  );
}

const total = (summary: RightsSummary) => Object.values(summary.counts).reduce((sum, n) => sum + n, 0);

const KINDS = [
  'account',
  'contactMessages',
  'applications',
  'applicationFiles',
  'applicationNotes',
  'applicationAccessLog',
  'applicationDrafts',
] as const;

/**
 * The rights page: an address, then what is stored about it with an export and an erase; each
 * answer in a status region that takes the focus.
 */
export function RightsRequestForms({ lookUp, erase, exportPath, texts: t, errors, eraseErrors }: Props) {
  const [found, lookUpAction] = useActionState(lookUp, {});
  const [erased, eraseAction] = useActionState(erase, {});
  // A new lookup after an erasure shows the new summary; an erasure hides the one it erased.
  const summary = found.summary && found.email !== erased.erased ? found.summary : undefined;
  return (
    <>
      <ActionForm action={lookUpAction} error={found.error} errorTexts={errors} className="mt-10 max-w-xl">
        <TextField
          id="rights-email"
          name="email"
          type="email"
          autoComplete="off"
          label={t.email}
          required
          defaultValue={found.typed ?? found.email}
          error={found.error?.field === 'email' ? found.error.key : undefined}
          errorTexts={errors}
        />
        <div>
          <SubmitButton label={t.lookUp} pendingLabel={t.lookingUp} />
        </div>
      </ActionForm>
      <StatusRegion
        answer={erased}
        className="mt-8 max-w-3xl"
        message={erased.erased && <FormMessage tone="success">{fill(t.erased, { email: erased.erased })}</FormMessage>}
      />
      {summary && found.email && (
        <section aria-labelledby="rights-summary-title" className="mt-10 max-w-3xl rounded-2xl border border-line p-6 md:p-8">
          <StatusRegion
            answer={found}
            message={
              <h2 id="rights-summary-title" className="text-2xl">
                {fill(t.summaryTitle, { email: found.email })}
              </h2>
            }
          />
          {total(summary) === 0 ? (
            <p className="mt-4">{t.nothing}</p>
          ) : (
            <>
              <ul className="mt-4 grid gap-1">
                {KINDS.map((kind) => (
                  <li key={kind}>
                    {t.counts[kind]}:{' '}
                    {kind === 'account' ? (summary.counts.account > 0 ? t.counts.yes : t.counts.no) : summary.counts[kind]}
                  </li>
                ))}
              </ul>
              {summary.counts.applicationAccessLog > 0 && <p className="mt-4 text-muted">{t.accessLogKept}</p>}
              {summary.staffRoles.length > 0 && <p className="mt-4 text-muted">{fill(t.staff, summary.staffActions)}</p>}
              <form method="post" action={exportPath} className="mt-8 flex flex-col items-start gap-2">
                <input type="hidden" name="email" value={found.email} />
                <IdentityCheckField id="rights-export-identity" label={t.identity.exportLabel} texts={t.identity} />
                <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                  {t.export}
                </button>
                <p className="text-sm text-muted">{t.exportHint}</p>
              </form>
              <form action={eraseAction} className="mt-8 flex flex-col items-start gap-4">
                <input type="hidden" name="email" value={found.email} />
                <IdentityCheckField id="rights-erase-identity" label={t.identity.eraseLabel} texts={t.identity} chosen={erased.identity} />
                <CheckboxField id="rights-erase-confirm" name="confirm" label={t.confirm} />
                <SubmitButton label={t.erase} pendingLabel={t.erasing} size="sm" />
              </form>
              <StatusRegion
                answer={erased}
                className="mt-6"
                message={erased.eraseError && <FormMessage tone="error">{eraseErrors[erased.eraseError]}</FormMessage>}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
