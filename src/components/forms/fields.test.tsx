import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CheckboxField } from './checkbox-field';
import { FileField } from './file-field';
import { TextField } from './text-field';

const errorTexts = { 'cv.required': 'Add your CV.', 'cv.tooLarge': 'This file is over 10 MB.' };

describe('the form kit fields', () => {
  it('mark required and optional fields in the label when the form asks for it, and not otherwise', () => {
    render(
      <>
        <TextField id="name" name="name" label="Name" required marks={{ optional: '(optional)' }} />
        <TextField id="phone" name="phone" label="Phone" marks={{ optional: '(optional)' }} />
        <TextField id="email" name="email" label="E-mail" required />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name *' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).not.toHaveAttribute('aria-describedby');
  });

  it('describe a field by its error first, then its hint', () => {
    render(<TextField id="code" name="code" label="Code" hint="6 digits" error="cv.required" errorTexts={errorTexts} />);
    const field = screen.getByRole('textbox', { name: 'Code' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Add your CV. 6 digits');
  });

  it('say after a refused submit that a file must be chosen again, without marking a good file invalid', () => {
    const { rerender } = render(
      <FileField
        id="cv"
        name="cv"
        label="CV"
        accept=".pdf"
        chooseAgain="Choose the file again."
        error="cv.tooLarge"
        errorTexts={errorTexts}
      />,
    );
    const field = screen.getByLabelText('CV');
    expect(field).toHaveAttribute('type', 'file');
    expect(field).toHaveAttribute('accept', '.pdf');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('This file is over 10 MB. Choose the file again.');

    rerender(<FileField id="cv" name="cv" label="CV" chooseAgain="Choose the file again." error={undefined} errorTexts={errorTexts} />);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription('Choose the file again.');
  });

  it('give a checkbox its label (links and all) and its error', () => {
    render(
      <CheckboxField
        id="consent"
        name="consent"
        label={
          <>
            I have read the <a href="#privacy">privacy statement</a>.
          </>
        }
        required
        marks={{ optional: '(optional)' }}
        error="cv.required"
        errorTexts={errorTexts}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'I have read the privacy statement. *' });
    expect(box).toHaveAccessibleDescription('Add your CV.');
  });
});
