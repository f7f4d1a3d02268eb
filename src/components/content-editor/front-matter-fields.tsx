'use client';

import { SelectField } from '@/components/forms/select-field';
import { TextArea, type CharacterCounter } from '@/components/forms/text-area';
import { TextField } from '@/components/forms/text-field';
import type { Collection } from '@/lib/content/collections';
import { employmentTypes } from '@/lib/content/frontmatter-schemas';
import { DATE_FIELDS, NUMBER_FIELDS, OPTIONAL_FIELDS, fieldsOf, type FieldName, type FieldValues } from '@/lib/content-editor/field-values';
import type { FieldProblem } from '@/lib/content-editor/front-matter';

import { problemText } from './problem-texts';
import type { EditorTexts } from './texts';

/** The fields with a hint under their label, and its key under contentEditor's `fields`. */
const HINTS: Partial<Record<FieldName, 'tagsHint' | 'salaryHoursHint' | 'collectiveAgreementHint'>> = {
  tags: 'tagsHint',
  'salary.hours': 'salaryHoursHint',
  collectiveAgreement: 'collectiveAgreementHint',
};

type FrontMatterFieldsProps = {
  /** Makes the fields' ids unique on the page (one set per language). */
  prefix: string;
  collection: Collection;
  /** The language of the values (the labels are in the page's). */
  lang: string;
  values: FieldValues;
  problems: FieldProblem[];
  onChange: (field: FieldName, value: string) => void;
  labelOf: (field: string) => string;
  texts: EditorTexts;
  /** The character counters of the fields that have one, by field name, in the page's language. */
  counters: Partial<Record<FieldName, CharacterCounter>>;
};

/** The section "Gegevens": the collection's front-matter fields, each with its problem once a save was refused. */
export function FrontMatterFields({
  prefix,
  collection,
  lang,
  values,
  problems,
  onChange,
  labelOf,
  texts: t,
  counters,
}: FrontMatterFieldsProps) {
  const errorTexts = Object.fromEntries(problems.map((p) => [p.field, problemText(p, t)]));
  const marks = { optional: t.fields.optional };

  function field(name: FieldName) {
    const id = `${prefix}-${name.replace('.', '-')}`;
    const label = labelOf(name);
    const value = values[name] ?? '';
    const problem = problems.find((p) => p.field === name);
    const error = problem ? { error: name, errorTexts } : {};
    const counter = counters[name];
    if (name === 'description' || name === 'offer') {
      return (
        <TextArea
          key={name}
          id={id}
          label={label}
          hint={name === 'description' ? t.fields.descriptionHint : t.fields.offerHint}
          value={value}
          rows={name === 'offer' ? 5 : 3}
          lang={lang}
          onChange={(event) => onChange(name, event.target.value)}
          marks={marks}
          required
          counter={counter}
          {...error}
        />
      );
    }
    if (name === 'status' || name === 'employmentType') {
      const options = name === 'status' ? (['open', 'closed'] as const) : employmentTypes;
      const labels: Record<string, string> = name === 'status' ? t.fields.statuses : t.fields.employmentTypes;
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
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </SelectField>
      );
    }
    const counterId = `${id}-counter`;
    const key = HINTS[name];
    const hint = key ? t.fields[key] : undefined;
    const describedBy = [problem && `${id}-error`, hint && `${id}-hint`, counter && counterId].filter(Boolean).join(' ') || undefined;
    return (
      <div key={name} className="flex flex-col gap-1.5">
        <TextField
          id={id}
          label={label}
          hint={hint}
          value={value}
          type={DATE_FIELDS.has(name) ? 'date' : 'text'}
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
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 [&>*:has(textarea)]:sm:col-span-2">{fieldsOf(collection).map(field)}</div>
    </section>
  );
}
