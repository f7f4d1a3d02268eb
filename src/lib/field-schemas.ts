import * as z from 'zod/mini';

// The fields the contact and application forms share. zod/mini, as both schemas reach the browser;
// each form passes its own message keys, so every locale words the errors per form.

/** A required text of min to max characters. */
export function boundedText<K extends string>(length: { min: number; max: number }, errors: { required: K; tooShort: K; tooLong: K }) {
  return z
    .string()
    .check(z.minLength(1, errors.required), z.minLength(length.min, errors.tooShort), z.maxLength(length.max, errors.tooLong));
}

/** A required e-mail address of at most max characters. */
export function emailAddress<K extends string>(max: number, errors: { required: K; invalid: K }) {
  return z.string().check(z.minLength(1, errors.required), z.maxLength(max, errors.invalid), z.email(errors.invalid));
}

/** An optional phone number: digits, spaces, brackets and dashes, after an optional +. */
export function phoneNumber<K extends string>(max: number, invalid: K) {
  return z.optional(z.string().check(z.maxLength(max, invalid), z.regex(/^\+?[0-9 ()-]{6,}$/, invalid)));
}
