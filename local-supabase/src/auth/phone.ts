/** GoTrue's `e164Format`: the digits of an E.164 number, without the `+`. */
const E164_DIGITS = /^[1-9][0-9]{1,14}$/;

/**
 * GoTrue's `formatPhoneNumber`: drops one leading `+` and every space, nothing else, so
 * `+31 6 1234 5678` becomes `31612345678` while `+31-6-12345678` stays invalid.
 */
export const formatPhoneNumber = (phone: string): string => (phone.startsWith('+') ? phone.slice(1) : phone).replaceAll(' ', '');

/** GoTrue's `validatePhone`: the number as stored (digits, no `+`), or undefined when it is not E.164. */
export function validatePhone(phone: string): string | undefined {
  const formatted = formatPhoneNumber(phone);
  return E164_DIGITS.test(formatted) ? formatted : undefined;
}
