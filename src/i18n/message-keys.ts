// Message keys as types, derived from the Dutch messages (the typed source), so code that names a
// message by key fails to compile when the key has no text.

/** The keys of flat messages, e.g. auth.errors → "emailInvalid". */
export type MessageKey<Messages> = keyof Messages & string;

/** The keys of messages grouped by field, e.g. contact.form.errors → "email.invalid". */
export type NestedMessageKey<Messages> = {
  [Field in keyof Messages & string]: `${Field}.${keyof Messages[Field] & string}`;
}[keyof Messages & string];
