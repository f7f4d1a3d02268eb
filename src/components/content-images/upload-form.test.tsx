import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ErrorTexts } from '@/i18n/error-texts';
import type { UploadErrorKey } from '@/lib/content-images/upload-image';

import { UploadForm } from './upload-form';
import nl from '../../../public/locales/nl/contentImages.json';

const errorTexts: ErrorTexts<UploadErrorKey> = {
  'image.missing': nl.errors.image.missing,
  'image.empty': nl.errors.image.empty,
  'image.tooLarge': nl.errors.image.tooLarge,
  'image.unsupportedType': nl.errors.image.unsupportedType,
  'image.unreadable': nl.errors.image.unreadable,
  'altNl.required': nl.errors.altNl.required,
  'altNl.tooLong': nl.errors.altNl.tooLong,
  'altEn.required': nl.errors.altEn.required,
  'altEn.tooLong': nl.errors.altEn.tooLong,
  'form.forbidden': nl.errors.form.forbidden,
  'form.failed': nl.errors.form.failed,
};

function renderForm(error: UploadErrorKey | undefined, typed?: { altNl: string; altEn: string }) {
  render(
    <UploadForm
      action="/api/content-images?locale=nl"
      error={error}
      added={false}
      typed={typed}
      errorTexts={errorTexts}
      texts={nl.upload}
    />,
  );
}

const fileField = () => screen.getByLabelText(/^Afbeelding/, { selector: 'input[type=file]' });

describe('UploadForm', () => {
  it('after a refused upload, keeps both typed alt texts and says the image must be chosen again', () => {
    renderForm('altEn.required', { altNl: 'Een kat op een bank', altEn: '' });
    expect(screen.getByRole('textbox', { name: /Nederlands/ })).toHaveValue('Een kat op een bank');
    expect(screen.getByRole('textbox', { name: /Engels/ })).toHaveFocus();
    expect(fileField()).toHaveAccessibleDescription(expect.stringContaining(nl.upload.chooseAgain));
  });

  it('after a refused file, keeps both alt texts too', () => {
    renderForm('image.unsupportedType', { altNl: 'Iets', altEn: 'Something' });
    expect(screen.getByRole('textbox', { name: /Nederlands/ })).toHaveValue('Iets');
    expect(screen.getByRole('textbox', { name: /Engels/ })).toHaveValue('Something');
    expect(fileField()).toHaveAccessibleDescription(expect.stringContaining(nl.upload.chooseAgain));
  });

  it('starts empty, without the note, when nothing was refused', () => {
    renderForm(undefined, { altNl: 'Oud', altEn: 'Old' });
    expect(screen.getByRole('textbox', { name: /Nederlands/ })).toHaveValue('');
    expect(fileField()).not.toHaveAccessibleDescription(expect.stringContaining(nl.upload.chooseAgain));
  });

  it('puts the focus on a successful upload’s message when the page loads, also without JavaScript', () => {
    const html = renderToString(
      <UploadForm action="/api/content-images" error={undefined} added errorTexts={errorTexts} texts={nl.upload} />,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const message = page.querySelector('[autofocus]');
    expect(message).toHaveTextContent(nl.upload.added);
    expect(message).toHaveAttribute('tabindex', '-1');
  });
});
