import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ActionForm } from './action-form';
import { TextField } from './text-field';

const errorTexts = { emailInvalid: 'Check the address.', unavailable: 'Try again later.' };
type Key = keyof typeof errorTexts;

function Form({ error }: { error: { key: Key; field?: 'email' } | undefined }) {
  return (
    <ActionForm action={vi.fn()} error={error} errorTexts={errorTexts}>
      <TextField id="email" name="email" label="E-mail" error={error?.field === 'email' ? error.key : undefined} errorTexts={errorTexts} />
      <button type="submit">Send</button>
    </ActionForm>
  );
}

describe('ActionForm', () => {
  it('has its alert region from the start, empty, so a later message is announced', () => {
    const { container } = render(<Form error={undefined} />);
    expect(container.querySelectorAll('form [role="alert"]')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(/^$/);
  });

  it('puts focus on the invalid field after a field error', () => {
    render(<Form error={{ key: 'emailInvalid', field: 'email' }} />);
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    // Focus moved there, which is what makes it heard; the alert stays quiet.
    expect(screen.getByRole('alert')).toHaveTextContent(/^$/);
  });

  it('says a field error in the alert when focus was on that field already (sent with Enter), each time', () => {
    const { rerender } = render(<Form error={undefined} />);
    const field = screen.getByRole('textbox', { name: 'E-mail' });
    field.focus();
    rerender(<Form error={{ key: 'emailInvalid', field: 'email' }} />);
    expect(field).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the address.');
    const said = screen.getByRole('alert').querySelector('span span');

    rerender(<Form error={{ key: 'emailInvalid', field: 'email' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Check the address\.$/);
    // A new node each time: live regions announce what is added, not text that stays.
    expect(screen.getByRole('alert').querySelector('span span')).not.toBe(said);
  });

  it('shows a form-level error in the alert region and focuses it, again after a second identical answer', () => {
    const { rerender } = render(<Form error={{ key: 'unavailable' }} />);
    const message = screen.getByText('Try again later.');
    expect(screen.getByRole('alert')).toContainElement(message);
    expect(message).toHaveFocus();

    screen.getByRole('button', { name: 'Send' }).focus();
    rerender(<Form error={{ key: 'unavailable' }} />);
    expect(screen.getByText('Try again later.')).toHaveFocus();
  });
});
