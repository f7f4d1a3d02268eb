import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

import type { FormError } from './form-errors';

/*
 * Phone numbers for the phone factor: as Auth wants them (E.164) and as the page shows them
 * (masked). With libphonenumber-js's full metadata, which is large: import this on the server only.
 */

/** Numbers as people type them fit in this with room to spare; anything longer is not a number. */
export const MAX_PHONE_INPUT_LENGTH = 40;

/** Where a typed number without a country code is from: the firm's visitors are mostly Dutch. */
const DEFAULT_REGION = 'NL';

/**
 * Numbers no code can reach (no SMS, no WhatsApp). Where a country's numbers do not tell mobile from
 * fixed (FIXED_LINE_OR_MOBILE) or the type is unknown, the number passes.
 */
const UNREACHABLE_TYPES: ReadonlySet<NumberType> = new Set(['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST']);

/**
 * A typed number as E.164 ("06 12345678" → "+31612345678"), with the full metadata, so a number
 * of the wrong length for its country or a landline is told apart before Auth sends anything.
 */
export function normalizePhone(raw: unknown): { phone: string; error?: undefined } | { phone?: undefined; error: FormError } {
  const typed = typeof raw === 'string' ? raw.trim() : '';
  if (typed === '') return { error: { key: 'phoneRequired', field: 'phone' } };
  if (typed.length > MAX_PHONE_INPUT_LENGTH) return { error: { key: 'phoneInvalid', field: 'phone' } };
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_REGION);
  if (parsed === undefined || !parsed.isValid()) return { error: { key: 'phoneInvalid', field: 'phone' } };
  const type = parsed.getType();
  if (type !== undefined && UNREACHABLE_TYPES.has(type)) return { error: { key: 'phoneNotMobile', field: 'phone' } };
  return { phone: parsed.number };
}

/**
 * A number as the page shows it: the country code, the first digit and the last four
 * ("+31 6 •••• 5678"), enough to tell one's own phones apart and no more. Auth stores the digits
 * without "+", so both forms are taken.
 */
export function maskPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  const last = digits.slice(-4);
  if (parsed === undefined || parsed.nationalNumber.length < 6) return `•••• ${last}`;
  return `+${parsed.countryCallingCode} ${parsed.nationalNumber.slice(0, 1)} •••• ${last}`;
}
