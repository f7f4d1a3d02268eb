/*
 * The error vocabulary of a form is the set of keys in its messages (the Dutch file is the typed
 * source). Client forms get the texts as a full Record over those keys, formatted on the server,
 * and a field takes a key: so a key without a text, or a text the form forgot to pass, is a type
 * error instead of `undefined` on the page.
 */

import type { MessageKey, NestedMessageKey } from '@/i18n/message-keys';

/** Every error text a form can show, by message key, already in the visitor's language. */
export type ErrorTexts<Key extends string> = Readonly<Record<Key, string>>;

export type { MessageKey, NestedMessageKey };

/** An answer's error: what went wrong, and the field it belongs to (none for the whole form). */
export type FormError<Key extends string, Field extends string = string> = { key: Key; field?: Field };

/**
 * A field's error: its key, and the texts to find it in. Both or neither, and the key must be one
 * of the texts' (the key is not used to infer the vocabulary, only checked against it).
 */
export type FieldErrorProps<Key extends string> =
  { error?: undefined; errorTexts?: ErrorTexts<Key> } | { error: NoInfer<Key> | undefined; errorTexts: ErrorTexts<Key> };

/**
 * Formats every text of flat error messages; `messages` is the namespace's object (its keys are
 * the vocabulary), `format` gives the text for one key.
 */
export function errorTextsOf<Messages extends Record<string, string>>(
  messages: Messages,
  format: (key: MessageKey<Messages>) => string,
): ErrorTexts<MessageKey<Messages>> {
  const texts: Partial<Record<MessageKey<Messages>, string>> = {};
  for (const key of keysOf(messages)) texts[key] = format(key);
  // Every key of `messages` was given its text just above.
  return texts as ErrorTexts<MessageKey<Messages>>;
}

/** The same for messages grouped by field; `format` gets "field.code". */
export function nestedErrorTextsOf<Messages extends Record<string, Record<string, string>>>(
  messages: Messages,
  format: (key: NestedMessageKey<Messages>, field: keyof Messages & string) => string,
): ErrorTexts<NestedMessageKey<Messages>> {
  const texts: Partial<Record<NestedMessageKey<Messages>, string>> = {};
  for (const field of keysOf(messages)) {
    const codes = messages[field] ?? {};
    for (const code of keysOf(codes)) {
      // `${field}.${code}` is by construction one of NestedMessageKey's template members.
      const key = `${field}.${code}` as NestedMessageKey<Messages>;
      texts[key] = format(key, field);
    }
  }
  // Every field's every code was given its text just above.
  return texts as ErrorTexts<NestedMessageKey<Messages>>;
}

// Object.keys types keys as string[]; the messages are JSON typed by the Dutch file, whose keys they are.
function keysOf<T extends object>(value: T): (keyof T & string)[] {
  return Object.keys(value) as (keyof T & string)[];
}
