import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { frontMatterOf, valuesOf, type FieldValues } from '@/lib/content-editor/field-values';
import { frontMatterTemplate } from '@/lib/content-editor/front-matter';
import type { CaseChoices } from '@/lib/content-editor/types';

import { FrontMatterFields } from './front-matter-fields';
import nl from '../../../public/locales/nl/contentEditor.json';

const texts = { ...nl.editor, status: nl.status };
const f = nl.editor.fields;
const hash = 'c'.repeat(64);

const choices: CaseChoices = {
  sectors: [
    { value: 'logistics', label: 'Logistiek' },
    { value: 'housing', label: 'Wonen' },
  ],
  services: [
    { value: 'custom', label: 'Maatwerksoftware' },
    { value: 'apps', label: 'Web- en mobiele apps' },
    { value: 'cloud', label: 'Cloud & DevOps' },
  ],
  logos: [{ hash, alt: { nl: 'Logo van Hanzewonen', en: 'Hanzewonen logo' }, src: 'https://example.test/logo.webp' }],
  cases: [{ value: 'zorgportaal', label: 'Een portaal waarin familie en zorg samenkomen' }],
  posts: [{ value: 'wanneer-kies-je-voor-maatwerk', label: 'Wanneer kies je voor maatwerk?' }],
};

/** The case's fields as the editor holds them, with what they would save shown for the test to read. */
function CaseForm({ locale = 'nl' }: { locale?: 'nl' | 'en' }) {
  const [values, setValues] = useState<FieldValues>(() => valuesOf('cases', frontMatterTemplate('cases', '2026-12-02')));
  return (
    <>
      <FrontMatterFields
        prefix="nl"
        kind="cases"
        lang={locale}
        values={values}
        problems={[]}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        labelOf={(field) => {
          const key = field.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());
          const text: unknown = Reflect.get(f, key);
          return typeof text === 'string' ? text : field;
        }}
        texts={texts}
        counters={{}}
        choices={choices}
      />
      <output data-testid="saved">{JSON.stringify(frontMatterOf('cases', values))}</output>
    </>
  );
}

const saved = () => JSON.parse(screen.getByTestId('saved').textContent ?? '{}');

describe('a case study’s fields', () => {
  it('choose services and related cases as boxes under a legend, stored in the list’s order', async () => {
    const user = userEvent.setup();
    render(<CaseForm />);
    const services = screen.getByRole('group', { name: f.services });
    await user.click(screen.getByRole('checkbox', { name: 'Cloud & DevOps' }));
    await user.click(screen.getByRole('checkbox', { name: 'Maatwerksoftware' }));
    expect(services).toBeInTheDocument();
    expect(saved().services).toEqual(['custom', 'cloud']);
    await user.click(screen.getByRole('checkbox', { name: 'Een portaal waarin familie en zorg samenkomen' }));
    expect(saved().related).toEqual(['zorgportaal']);
    await user.click(screen.getByRole('checkbox', { name: 'Wanneer kies je voor maatwerk?' }));
    expect(saved().posts).toEqual(['wanneer-kies-je-voor-maatwerk']);
  });

  it('take a logo from the library with its alt text in the document’s language, which the editor may reword', async () => {
    const user = userEvent.setup();
    render(<CaseForm locale="en" />);
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(`^${f.clientLogo}`) }), 'Hanzewonen logo');
    expect(screen.getByRole('textbox', { name: new RegExp(`^${f.clientLogoAlt}`) })).toHaveValue('Hanzewonen logo');
    expect(saved().client).toMatchObject({ logo: hash, logoAlt: 'Hanzewonen logo' });
  });

  it('drop the name and the logo for an anonymous client', async () => {
    const user = userEvent.setup();
    render(<CaseForm />);
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${f.clientName}`) }), 'Hanzewonen');
    await user.click(screen.getByRole('checkbox', { name: f.clientAnonymous }));
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${f.clientName}`) })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${f.clientLogo}`) })).not.toBeInTheDocument();
    expect(saved().client).toEqual({ anonymous: true, sector: 'logistics' });
  });
});
