import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { StatusRegion } from './status-region';
import { SubmitButton } from './submit-button';

describe('StatusRegion', () => {
  // jsdom lays nothing out, so it has no scrollIntoView.
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('is in the page, empty, before its message; the message arrives in that same region, replaces the form and takes the focus', () => {
    const form = (
      <form>
        <button type="submit">Send</button>
      </form>
    );
    const { rerender } = render(<StatusRegion message={false}>{form}</StatusRegion>);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    screen.getByRole('button', { name: 'Send' }).focus();

    rerender(<StatusRegion message={<p>Sent.</p>}>{form}</StatusRegion>);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Sent.');
    expect(region).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});

describe('SubmitButton', () => {
  it('keeps the focus while the form is sent, and takes no second click', () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <SubmitButton label="Send" pendingLabel="Sending…" pending />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sending…' });
    button.focus();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    fireEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
  });
});
