'use client';

import { FieldError, FieldHint } from '@/components/forms/field-parts';
import { SelectField } from '@/components/forms/select-field';
import type { FieldErrorProps } from '@/i18n/error-texts';
import type { Locale } from '@/lib/content-editor/locales';
import type { CaseChoices, Choice } from '@/lib/content-editor/types';

/*
 * The case study's fields that choose rather than type: several of a list (services, related
 * cases) and a picture of the image library (the logo). Each holds its value as the form's other
 * fields do, as text: the chosen keys joined by commas, or the image's folder.
 */

type ChoiceGroupProps = {
  id: string;
  legend: string;
  hint?: string;
  /** Said instead of the boxes when there is nothing to choose. */
  none?: string;
  choices: Choice[];
  /** The chosen values, comma-separated. */
  value: string;
  onChange: (value: string) => void;
  /** The language of the options' words, when it is not the page's. */
  lang?: string;
} & FieldErrorProps<string>;

/** Checkboxes under one legend; a refused save names the group, and its first box takes focus. */
export function ChoiceGroup({ id, legend, hint, none, choices, value, onChange, lang, error, errorTexts }: ChoiceGroupProps) {
  const chosen = new Set(value.split(',').filter((item) => item !== ''));
  const errorText = error === undefined ? undefined : errorTexts?.[error];
  const describedBy = [errorText && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  function toggle(option: string, on: boolean) {
    // In the order of the list, so the stored value does not depend on the order of the clicks.
    onChange(choices.flatMap((choice) => ((choice.value === option ? on : chosen.has(choice.value)) ? [choice.value] : [])).join(','));
  }
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-col gap-3">
      <legend className="mb-1.5 font-semibold">{legend}</legend>
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      {choices.length === 0 && none ? (
        <p className="text-base text-muted">{none}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {choices.map((choice, index) => (
            <li key={choice.value} className="flex items-start gap-3">
              <input
                type="checkbox"
                id={`${id}-${choice.value}`}
                checked={chosen.has(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
                // The form looks for an invalid control to focus after a refused save.
                aria-invalid={errorText && index === 0 ? true : undefined}
                className="mt-1 size-5 shrink-0 accent-current"
              />
              <label htmlFor={`${id}-${choice.value}`} className="text-base" lang={lang}>
                {choice.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={id} error={errorText} />
    </fieldset>
  );
}

type LogoFieldProps = {
  id: string;
  label: string;
  hint: string;
  noneLabel: string;
  logos: CaseChoices['logos'];
  /** The document's language: each image is named by its alt text in it. */
  locale: Locale;
  value: string;
  onChange: (hash: string, alt: string) => void;
  marks: { optional: string };
} & FieldErrorProps<string>;

/** The client's logo from the image library, named by its alt text, with the chosen one shown beside. */
export function LogoField({ id, label, hint, noneLabel, logos, locale, value, onChange, marks, ...said }: LogoFieldProps) {
  const chosen = logos.find((logo) => logo.hash === value);
  return (
    <div className="flex items-end gap-4">
      <SelectField
        id={id}
        label={label}
        hint={hint}
        value={value}
        onChange={(event) => onChange(event.target.value, logos.find((logo) => logo.hash === event.target.value)?.alt[locale] ?? '')}
        marks={marks}
        className="min-w-0 grow"
        {...said}
      >
        <option value="">{noneLabel}</option>
        {logos.map((logo) => (
          <option key={logo.hash} value={logo.hash} lang={locale}>
            {logo.alt[locale]}
          </option>
        ))}
      </SelectField>
      {chosen && (
        // The select names the image; the picture only shows it.
        // eslint-disable-next-line @next/next/no-img-element -- the variant is already resized WebP on a public bucket
        <img
          src={chosen.src}
          alt=""
          className="mb-1 h-12 w-auto max-w-24 shrink-0 rounded-md border border-line bg-white object-contain p-1"
        />
      )}
    </div>
  );
}
