'use client';

import { CheckboxField } from '@/components/forms/checkbox-field';
import { SelectField } from '@/components/forms/select-field';
import { TextArea, type CharacterCounter } from '@/components/forms/text-area';
import { TextField } from '@/components/forms/text-field';
import type { DocumentKind } from '@/lib/content/collections';
import { employmentTypes } from '@/lib/content/frontmatter-schemas';
import {
  DATE_FIELDS,
  MONTH_FIELDS,
  NAMED_CLIENT_FIELDS,
  NUMBER_FIELDS,
  OPTIONAL_FIELDS,
  fieldsOf,
  type FieldName,
  type FieldValues,
} from '@/lib/content-editor/field-values';
import type { FieldProblem } from '@/lib/content-editor/front-matter';
import type { Locale } from '@/lib/content-editor/locales';
import type { CaseChoices } from '@/lib/content-editor/types';

import { ChoiceGroup, LogoField } from './case-fields';
import { problemText } from './problem-texts';
import type { EditorTexts } from './texts';

/** The fields with a hint under their label, and its key under contentEditor's `fields`. */
type Fields = EditorTexts['fields'];
type HintKey = { [Key in keyof Fields]: Fields[Key] extends string ? Key : never }[keyof Fields];
const HINTS: Partial<Record<FieldName, HintKey>> = {
  tags: 'tagsHint',
  'salary.hours': 'salaryHoursHint',
  collectiveAgreement: 'collectiveAgreementHint',
  'client.anonymous': 'clientAnonymousHint',
  'client.logoAlt': 'clientLogoAltHint',
  'period.from': 'periodHint',
  'period.until': 'periodUntilHint',
  'figures.0.value': 'figuresHint',
  'quote.text': 'quoteHint',
};
/** Long texts, in a text area. */
const TEXT_AREAS: ReadonlySet<FieldName> = new Set<FieldName>(['description', 'offer', 'quote.text']);

type FrontMatterFieldsProps = {
  /** Makes the fields' ids unique on the page (one set per language). */
  prefix: string;
  kind: DocumentKind;
  /** The language of the values (the labels are in the page's). */
  lang: Locale;
  values: FieldValues;
  problems: FieldProblem[];
  onChange: (field: FieldName, value: string) => void;
  labelOf: (field: string) => string;
  texts: EditorTexts;
  /** The character counters of the fields that have one, by field name, in the page's language. */
  counters: Partial<Record<FieldName, CharacterCounter>>;
  /** What a case study's choice fields offer; absent for the other collections. */
  choices?: CaseChoices;
};

/** The section "Gegevens": the collection's front-matter fields, each with its problem once a save was refused. */
export function FrontMatterFields({
  prefix,
  kind,
  lang,
  values,
  problems,
  onChange,
  labelOf,
  texts: t,
  counters,
  choices,
}: FrontMatterFieldsProps) {
  const errorTexts = Object.fromEntries(problems.map((p) => [p.field, problemText(p, t)]));
  const marks = { optional: t.fields.optional };
  // An anonymous client has no name or logo: those fields go while the box is ticked.
  const anonymous = values['client.anonymous'] === 'true';
  const fields = fieldsOf(kind).filter((name) => !(anonymous && NAMED_CLIENT_FIELDS.has(name)));

  function field(name: FieldName) {
    const id = `${prefix}-${name.replace('.', '-')}`;
    const label = labelOf(name);
    const value = values[name] ?? '';
    const problem = problems.find((p) => p.field === name);
    const error = problem ? { error: name, errorTexts } : {};
    const counter = counters[name];
    const key = HINTS[name];
    const hint = key ? t.fields[key] : undefined;
    if (name === 'client.anonymous') {
      return (
        <CheckboxField
          key={name}
          id={id}
          label={label}
          hint={hint}
          checked={value === 'true'}
          onChange={(event) => onChange(name, event.target.checked ? 'true' : '')}
          className="sm:col-span-2"
          {...error}
        />
      );
    }
    if (name === 'services' || name === 'related' || name === 'posts') {
      return (
        <div key={name} className="sm:col-span-2">
          <ChoiceGroup
            id={id}
            legend={label}
            hint={name === 'related' ? t.fields.relatedHint : name === 'posts' ? t.fields.postsHint : undefined}
            none={name === 'posts' ? t.fields.postsNone : t.fields.relatedNone}
            choices={(name === 'services' ? choices?.services : name === 'related' ? choices?.cases : choices?.posts) ?? []}
            value={value}
            onChange={(next) => onChange(name, next)}
            // A title is in whichever language the entry has one.
            lang={name === 'services' ? undefined : lang}
            {...error}
          />
        </div>
      );
    }
    if (name === 'client.logo') {
      return (
        <LogoField
          key={name}
          id={id}
          label={label}
          hint={t.fields.clientLogoHint}
          noneLabel={t.fields.clientLogoNone}
          logos={choices?.logos ?? []}
          locale={lang}
          value={value}
          onChange={(hash, alt) => {
            onChange(name, hash);
            // The library's alt text in this language, as a start the editor may reword.
            if (hash !== '' && (values['client.logoAlt'] ?? '').trim() === '') onChange('client.logoAlt', alt);
          }}
          marks={marks}
          {...error}
        />
      );
    }
    if (TEXT_AREAS.has(name)) {
      return (
        <TextArea
          key={name}
          id={id}
          label={label}
          hint={name === 'description' ? t.fields.descriptionHint : name === 'offer' ? t.fields.offerHint : hint}
          value={value}
          rows={name === 'offer' ? 5 : 3}
          lang={lang}
          onChange={(event) => onChange(name, event.target.value)}
          marks={marks}
          required={!OPTIONAL_FIELDS.has(name)}
          counter={counter}
          {...error}
        />
      );
    }
    if (name === 'status' || name === 'employmentType' || name === 'client.sector') {
      const options: readonly { value: string; label: string }[] =
        name === 'status'
          ? (['open', 'closed'] as const).map((value) => ({ value, label: t.fields.statuses[value] }))
          : name === 'employmentType'
            ? employmentTypes.map((value) => ({ value, label: t.fields.employmentTypes[value] }))
            : (choices?.sectors ?? []);
      return (
        <SelectField
          key={name}
          id={id}
          label={label}
          value={value}
          onChange={(event) => onChange(name, event.target.value)}
          marks={marks}
          required
          {...error}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    }
    const counterId = `${id}-counter`;
    const describedBy = [problem && `${id}-error`, hint && `${id}-hint`, counter && counterId].filter(Boolean).join(' ') || undefined;
    return (
      <div key={name} className="flex flex-col gap-1.5">
        <TextField
          id={id}
          label={label}
          hint={hint}
          value={value}
          type={DATE_FIELDS.has(name) ? 'date' : MONTH_FIELDS.has(name) ? 'month' : 'text'}
          lang={lang}
          inputMode={NUMBER_FIELDS.has(name) ? 'numeric' : undefined}
          onChange={(event) => onChange(name, event.target.value)}
          marks={marks}
          required={!OPTIONAL_FIELDS.has(name)}
          aria-describedby={describedBy}
          {...error}
        />
        {counter && (
          <p id={counterId} className={`self-end text-sm ${value.length > counter.max ? 'font-semibold text-danger' : 'text-muted'}`}>
            {counter.count.replace('{count}', new Intl.NumberFormat(counter.locale).format(value.length))}
          </p>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby={`${prefix}-fields`} className="grid grid-cols-1 gap-6">
      <h2 id={`${prefix}-fields`} className="text-xl">
        {t.fieldsHeading}
      </h2>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 [&>*:has(textarea)]:sm:col-span-2">{fields.map(field)}</div>
    </section>
  );
}
