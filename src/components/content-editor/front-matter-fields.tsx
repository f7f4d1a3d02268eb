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
  TEAM_ROWS,
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
  'hero.highlights': 'heroHighlightsHint',
  'story.paragraphs': 'storyParagraphsHint',
  'cases.shown': 'casesShownHint',
  'team.members.0.name': 'teamMembersHint',
};
/** Long texts, in a text area. */
const TEXT_AREAS: ReadonlySet<FieldName> = new Set<FieldName>([
  'description',
  'offer',
  'quote.text',
  'hero.intro',
  'hero.highlights',
  'services.intro',
  'services.texts.custom',
  'services.texts.apps',
  'services.texts.cloud',
  'services.texts.ai',
  'closing.text',
  'intro.text',
  'story.paragraphs',
  'approach.items.0.text',
  'approach.items.1.text',
  'approach.items.2.text',
  'approach.items.3.text',
  'team.intro',
]);
const TEAM_PHOTO = /^team\.members\.\d+\.photo$/;
const TEAM_ROW = /^team\.members\.(\d+)\./;

/** The section of a page a field belongs to, by the first part of its name; the title and description are for search engines. */
const sectionOf = (name: string) => (name === 'title' || name === 'description' ? 'search' : (name.split('.')[0] ?? 'search'));

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
  // The team has a row for each person and one empty row below the last, up to the most allowed.
  const teamRows = Math.min(
    TEAM_ROWS,
    1 +
      Math.max(
        -1,
        ...Object.entries(values).flatMap(([name, value]) => {
          const row = TEAM_ROW.exec(name)?.[1];
          return row !== undefined && (value ?? '').trim() !== '' ? [Number(row)] : [];
        }),
      ) +
      1,
  );
  const fields = fieldsOf(kind).filter(
    (name) => !(anonymous && NAMED_CLIENT_FIELDS.has(name)) && Number(TEAM_ROW.exec(name)?.[1] ?? 0) < teamRows,
  );

  const isPage = kind.startsWith('pages/');
  const sectionTitle = (section: string) => {
    const text: unknown = Reflect.get(t.pageSections, section);
    return typeof text === 'string' ? text : section;
  };

  function field(name: FieldName) {
    const id = `${prefix}-${name.replace('.', '-')}`;
    const label = labelOf(name);
    const value = values[name] ?? '';
    const problem = problems.find((p) => p.field === name);
    const error = problem ? { error: name, errorTexts } : {};
    const counter = counters[name];
    const key = HINTS[name];
    const hint = key ? t.fields[key] : isPage && name === 'title' ? t.fields.pageTitleHint : undefined;
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
    if (name === 'cases.shown') {
      return (
        <div key={name} className="sm:col-span-2">
          <ChoiceGroup
            id={id}
            legend={label}
            hint={hint}
            none={t.fields.relatedNone}
            choices={choices?.cases ?? []}
            value={value}
            onChange={(next) => onChange(name, next)}
            lang={lang}
            {...error}
          />
        </div>
      );
    }
    if (TEAM_PHOTO.test(name)) {
      return (
        <LogoField
          key={name}
          id={id}
          label={label}
          hint=""
          noneLabel={t.fields.teamMembersPhotoNone}
          logos={choices?.logos ?? []}
          locale={lang}
          value={value}
          onChange={(hash) => onChange(name, hash)}
          marks={marks}
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
          hint={name === 'description' && !isPage ? t.fields.descriptionHint : name === 'offer' ? t.fields.offerHint : hint}
          value={value}
          rows={name === 'offer' || name === 'story.paragraphs' ? 5 : 3}
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
      {isPage ? (
        // A page's fields by its sections, in the page's order, each under its own heading.
        [...new Set(fields.map(sectionOf))].map((section) => (
          <section key={section} aria-labelledby={`${prefix}-section-${section}`} className="grid grid-cols-1 gap-6">
            <h3 id={`${prefix}-section-${section}`} className="text-lg">
              {sectionTitle(section)}
            </h3>
            <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 [&>*:has(textarea)]:sm:col-span-2">
              {fields.filter((name) => sectionOf(name) === section).map((name) => field(name))}
            </div>
          </section>
        ))
      ) : (
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 [&>*:has(textarea)]:sm:col-span-2">{fields.map((name) => field(name))}</div>
      )}
    </section>
  );
}
