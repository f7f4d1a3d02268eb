'use client';

import { useEffect, useRef, useState, type ChangeEvent, type ComponentPropsWithoutRef } from 'react';

import { FieldFrame, controlClass, splitField, type FieldProps } from './field-parts';

/** The counter's texts and the limit it counts towards; getCharacterCounter makes one from common.forms.counter. */
export type CharacterCounter = {
  /**
   * The most characters the server accepts. Not set as the textarea's maxlength: that would cut
   * off a pasted text without a word, while the counter shows it and the server says what is wrong.
   * Counted as `value.length`, so the server should count line breaks as one character too.
   */
  max: number;
  /** Formats the numbers said in the texts, e.g. "nl" (4.000) or "en" (4,000). */
  locale: string;
  /** The visible count, with {count}, its maximum already filled in, e.g. "{count} of 4,000 characters". */
  count: string;
  /** Said to screen readers near the limit, with {remaining}. */
  remaining: string;
  /** Said to screen readers over the limit, with {over}. */
  over: string;
};

export type TextAreaProps<Key extends string> = Omit<ComponentPropsWithoutRef<'textarea'>, 'id' | 'className' | 'children' | 'maxLength'> &
  FieldProps<Key> & {
    counter?: CharacterCounter;
  };

/** A text area with its label, hint and error, and if asked a live count of its characters. */
export function TextArea<Key extends string>({ counter, ...props }: TextAreaProps<Key>) {
  const counterId = `${props.id}-counter`;
  const { frame, control } = splitField(props);
  const { onChange, ...textarea } = control;
  const [length, setLength] = useState(() => String(textarea.defaultValue ?? textarea.value ?? '').length);
  const ref = useRef<HTMLTextAreaElement>(null);

  // React puts an uncontrolled field back to its default after a form action; the count follows.
  useEffect(() => {
    const form = ref.current?.form;
    if (!counter || !form) return;
    const recount = () => setTimeout(() => setLength(ref.current?.value.length ?? 0));
    form.addEventListener('reset', recount);
    return () => form.removeEventListener('reset', recount);
  }, [counter]);

  function change(event: ChangeEvent<HTMLTextAreaElement>) {
    setLength(event.currentTarget.value.length);
    onChange?.(event);
  }

  const describedBy = [textarea['aria-describedby'], counter && counterId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldFrame {...frame}>
      <textarea ref={ref} {...textarea} aria-describedby={describedBy} className={`${controlClass} resize-y`} onChange={change} />
      {counter && <Counter id={counterId} length={length} counter={counter} />}
    </FieldFrame>
  );
}

/** Near the limit: the last tenth. Until then the count is shown, not said. */
const nearLimit = (length: number, max: number) => length >= max * 0.9;
/** How long typing must pause before the remaining count is said, so it is not said per key. */
const ANNOUNCE_AFTER_MS = 1000;

function Counter({ id, length, counter }: { id: string; length: number; counter: CharacterCounter }) {
  const { max } = counter;
  const over = length > max;
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const number = (value: number) => new Intl.NumberFormat(counter.locale).format(value);
    const text = !nearLimit(length, max)
      ? ''
      : over
        ? counter.over.replace('{over}', number(length - max))
        : counter.remaining.replace('{remaining}', number(max - length));
    const timer = setTimeout(() => setAnnouncement(text), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [length, max, over, counter.over, counter.remaining, counter.locale]);

  return (
    <>
      <p id={id} className={`self-end text-sm ${over ? 'font-semibold text-danger' : 'text-muted'}`}>
        {counter.count.replace('{count}', new Intl.NumberFormat(counter.locale).format(length))}
      </p>
      {/* Polite, and only near or over the limit: a count said at every key would drown the typing. */}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
