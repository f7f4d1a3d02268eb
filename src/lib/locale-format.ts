import type { Locale } from '@/i18n/routing';
import { SITE_TIME_ZONE } from '@/lib/site-time-zone';

// Dates and money follow the country the language is read in: Dutch as in the Netherlands,
// English as in the UK ("3 November 2026", not the US order).
const intlLocale: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };

/** An ISO day ("2026-11-03") as the locale writes it: "3 november 2026" / "3 November 2026". */
export function formatDay(day: string, locale: Locale): string {
  // Noon UTC is the same calendar day in every European time zone.
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: SITE_TIME_ZONE }).format(new Date(`${day}T12:00:00Z`));
}

/** A month ("2025-03") as the locale writes it: "maart 2025" / "March 2025". */
export function formatMonth(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/**
 * A moment with its time, in Amsterdam: "22 november 2026 om 15.00 uur" / "22 November 2026 at 15:00".
 * Dutch running text writes the time with a full stop and "uur" (as the opening hours do: "9.00 tot 17.30 uur"),
 * where Intl gives the digital colon; English keeps Intl's own form.
 */
export function formatDateTime(iso: string, locale: Locale, dateStyle: 'medium' | 'long' = 'long'): string {
  const moment = new Date(iso);
  if (locale === 'en') {
    return new Intl.DateTimeFormat(intlLocale.en, { dateStyle, timeStyle: 'short', timeZone: SITE_TIME_ZONE }).format(moment);
  }
  const date = new Intl.DateTimeFormat(intlLocale.nl, { dateStyle, timeZone: SITE_TIME_ZONE }).format(moment);
  const clock = new Intl.DateTimeFormat(intlLocale.nl, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: SITE_TIME_ZONE,
  });
  const parts = clock.formatToParts(moment);
  const part = (type: 'hour' | 'minute') => parts.find((p) => p.type === type)?.value ?? '00';
  const time = `${part('hour')}.${part('minute')} uur`;
  return dateStyle === 'long' ? `${date} om ${time}` : `${date}, ${time}`;
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
  return new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE }).format(now);
}
