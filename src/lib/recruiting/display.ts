import type { Locale } from '@/i18n/routing';

// Small formatting for the staff pages that has no better home yet.

const intlLocale: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };

/** A file size as people read it: "840 kB", "2,4 MB" / "2.4 MB". */
export function formatFileSize(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1_000_000;
  return new Intl.NumberFormat(intlLocale[locale], {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, bytes / 1000));
}

/**
 * The applicant's profile address as a link target, or null to show it as text. The database
 * only stores http(s) addresses; this keeps the link safe on its own as well.
 */
export function profileHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A tel: link's target: digits and a leading plus, nothing that could be read as anything else. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^+0-9]/g, '').replace(/(?!^)\+/g, '');
  return /[0-9]{3,}/.test(digits) ? `tel:${digits}` : null;
}
