import type { Locale } from '@/i18n/routing';

// Dates and money follow the country the language is read in: Dutch as in the Netherlands,
// English as in the UK ("3 November 2026", not the US order).
const intlLocale: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };

/** An ISO day ("2026-11-03") as the locale writes it: "3 november 2026" / "3 November 2026". */
export function formatDay(day: string, locale: Locale): string {
  // Noon UTC is the same calendar day in every European time zone.
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** A moment with its time, in Amsterdam: "22 november 2026 om 15:00" / "22 November 2026 at 15:00". */
export function formatDateTime(iso: string, locale: Locale, dateStyle: 'medium' | 'long' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle, timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(
    new Date(iso),
  );
}

/** Whole euros: "€ 4.200" / "€4,200". */
export function formatEuros(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Today in Amsterdam as an ISO day, to compare with content dates. */
export function todayInAmsterdam(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);
}
