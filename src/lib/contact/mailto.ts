/**
 * A mailto: link to one address. The address is percent-encoded on both sides of its last @,
 * so whatever it contains (?, &, #, %, commas, line breaks) stays part of the address and can
 * never add recipients (cc, bcc), a body or other header fields. The database only stores
 * plain addresses; this makes the link safe on its own as well.
 */
export function mailtoHref(address: string, subject?: string): string {
  const at = address.lastIndexOf('@');
  const to =
    at === -1 ? encodeURIComponent(address) : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  return subject === undefined ? `mailto:${to}` : `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
