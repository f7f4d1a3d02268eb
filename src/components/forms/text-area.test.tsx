import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TextArea, type CharacterCounter } from './text-area';

const counter: CharacterCounter = {
  max: 100,
  locale: 'en',
  count: '{count} of 100 characters',
  remaining: 'Characters left: {remaining}.',
  over: 'Characters over the limit: {over}.',
};

const type = (text: string) => fireEvent.change(screen.getByRole('textbox'), { target: { value: text } });

afterEach(() => vi.useRealTimers());

describe('TextArea', () => {
  it('counts what is typed, and is described by the count after its hint', () => {
    render(
      <TextArea id="motivation" name="motivation" label="Motivation" hint="A few sentences." counter={counter} defaultValue="Hello" />,
    );
    const field = screen.getByRole('textbox', { name: 'Motivation' });
    expect(field).toHaveAccessibleDescription('A few sentences. 5 of 100 characters');
    type('Hello there');
    expect(screen.getByText('11 of 100 characters')).toBeVisible();
  });

  it('never blocks typing past the limit: no maxlength, the count says it is over', () => {
    render(<TextArea id="motivation" name="motivation" label="Motivation" counter={counter} />);
    expect(screen.getByRole('textbox')).not.toHaveAttribute('maxlength');
    type('x'.repeat(120));
    expect(screen.getByText('120 of 100 characters')).toHaveClass('text-danger');
  });

  it('says the remaining count politely, only near or over the limit and once typing pauses', () => {
    vi.useFakeTimers();
    const { container } = render(<TextArea id="motivation" name="motivation" label="Motivation" counter={counter} />);
    const live = container.querySelector('[aria-live="polite"]');

    type('x'.repeat(50));
    act(() => vi.advanceTimersByTime(1_000));
    expect(live).toBeEmptyDOMElement();

    type('x'.repeat(95));
    act(() => vi.advanceTimersByTime(500));
    expect(live).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(500));
    expect(live).toHaveTextContent('Characters left: 5.');

    type('x'.repeat(103));
    act(() => vi.advanceTimersByTime(1_000));
    expect(live).toHaveTextContent('Characters over the limit: 3.');
  });
});
