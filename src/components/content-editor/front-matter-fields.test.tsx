import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import type { DocumentKind } from '@/lib/content/collections';
import { frontMatterOf, valuesOf, type FieldValues } from '@/lib/content-editor/field-values';
import { checkFrontMatter, frontMatterTemplate, type FrontMatter } from '@/lib/content-editor/front-matter';
import type { CaseChoices } from '@/lib/content-editor/types';
import { shippedAboutPage, shippedHomePage } from '@/lib/pages/shipped-pages';

import { fieldLabel } from './field-labels';
import { FrontMatterFields } from './front-matter-fields';
import nlAbout from '../../../public/locales/nl/about.json';
import nl from '../../../public/locales/nl/contentEditor.json';
import nlHome from '../../../public/locales/nl/home.json';

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

/** A page's fields as the editor holds them, from the texts the site shipped, with what they would save. */
function PageForm({ kind, frontMatter }: { kind: DocumentKind; frontMatter: FrontMatter }) {
  const [values, setValues] = useState<FieldValues>(() => valuesOf(kind, frontMatter));
  return (
    <>
      <FrontMatterFields
        prefix="nl"
        kind={kind}
        lang="nl"
        values={values}
        problems={[]}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        labelOf={(field) => fieldLabel(f, field)}
        texts={texts}
        counters={{}}
        choices={choices}
      />
      <output data-testid="saved">{JSON.stringify(frontMatterOf(kind, values))}</output>
    </>
  );
}

describe('a page’s fields', () => {
  it('hold the home page’s texts section by section, and give back exactly what they were given', () => {
    const home = shippedHomePage(nlHome);
    render(<PageForm kind="pages/home" frontMatter={home} />);
    for (const section of ['search', 'hero', 'services', 'cases', 'closing'] as const) {
      expect(screen.getByRole('heading', { level: 3, name: nl.editor.pageSections[section] })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: new RegExp(`^${f.heroTitle}`) })).toHaveValue(home.hero.title);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${f.heroHighlights}`) })).toHaveValue(home.hero.highlights.join('\n'));
    expect(saved()).toEqual(home);
  });

  it('choose the home page’s cases as boxes under a legend', async () => {
    const user = userEvent.setup();
    render(<PageForm kind="pages/home" frontMatter={shippedHomePage(nlHome)} />);
    const shown = screen.getByRole('group', { name: f.casesShown });
    await user.click(screen.getByRole('checkbox', { name: 'Een portaal waarin familie en zorg samenkomen' }));
    expect(shown).toBeInTheDocument();
    expect(saved().cases.shown).toEqual(['zorgportaal']);
  });

  it('give the about page a row per person and one empty row below, which adds a person once filled in', async () => {
    const user = userEvent.setup();
    const about = shippedAboutPage(nlAbout);
    render(<PageForm kind="pages/about" frontMatter={about} />);
    expect(saved()).toEqual(about);
    const count = about.team.members.length;
    const name = (n: number) => fieldLabel(f, `team.members.${n - 1}.name`);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${name(1)}`) })).toHaveValue('Sanne de Jong');
    expect(screen.getByRole('textbox', { name: new RegExp(`^${name(count + 1)}`) })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${name(count + 2)}`) })).not.toBeInTheDocument();

    // Pasted rather than typed: each keystroke renders the whole team again, and what is tested is
    // the row that appears once a person is filled in, not typing.
    await user.click(screen.getByRole('textbox', { name: new RegExp(`^${name(count + 1)}`) }));
    await user.paste('Mila de Vries');
    await user.click(screen.getByRole('textbox', { name: new RegExp(`^${fieldLabel(f, `team.members.${count}.role`)}`) }));
    await user.paste('Tester');
    expect(screen.getByRole('textbox', { name: new RegExp(`^${name(count + 2)}`) })).toHaveValue('');
    expect(saved().team.members.at(-1)).toEqual({ name: 'Mila de Vries', role: 'Tester' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: new RegExp(`^${fieldLabel(f, 'team.members.0.photo')}`) }),
      'Logo van Hanzewonen',
    );
    expect(saved().team.members[0]).toEqual({ name: 'Sanne de Jong', role: about.team.members[0]?.role, photo: hash });
    expect(checkFrontMatter('pages/about', saved()).ok).toBe(true);
  });
});
