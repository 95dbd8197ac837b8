import { isoMinorUnits } from './currencies';
import { FORMAT_LOCALES, PSEUDO_LANGUAGE } from './i18n/languages';
import type { Language } from './i18n/languages';
import { pseudoText } from './i18n/pseudo-text';

/** Money and dates as an agent reads them. Amounts are always integers in the currency's minor unit. */

/** How many minor units a currency has, from ISO 4217: 2 for EUR, 0 for JPY, 3 for KWD. A code ISO does not list counts 2, and shows its code. */
export function minorDigits(currency: string): number {
  return isoMinorUnits(currency) ?? 2;
}

// The language the screens are in: every format below follows it unless a document asks for its own.
let activeLocale = FORMAT_LOCALES.en;
let pseudo = false;

/** Dates, times, numbers and money from now on in this language's locale (the pseudo-locale's in brackets). */
export function setFormatLanguage(language: Language): void {
  activeLocale = FORMAT_LOCALES[language];
  pseudo = language === PSEUDO_LANGUAGE;
}

/** The locale formats follow now: for a formatter of a screen's own (a chart's axis, a calendar). */
export const formatLocale = (): string => activeLocale;

// In the pseudo-locale a formatted value is marked like a message, so a test sees it went through here.
const shown = (text: string): string => (pseudo ? `[${pseudoText(text)}]` : text);

/** A count as the locale writes it: 12,345 in English, 12.345 in German. */
export function formatNumber(value: number, locale = activeLocale): string {
  return shown(cached(`number|${locale}`, () => new Intl.NumberFormat(locale)).format(value));
}

// Building an Intl formatter costs far more than using one, and a list formats two per row on every scroll.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 123450 EUR → "€1,234.50"; 45600 JPY → "JP¥45,600". */
export function formatMoney(amountMinor: number, currency: string, locale = activeLocale): string {
  const digits = minorDigits(currency);
  try {
    const formatter = cached(
      `money|${locale}|${currency}`,
      () => new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }),
    );
    return shown(formatter.format(amountMinor / 10 ** digits));
  } catch {
    return `${(amountMinor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** "2027-03-10" → "Wed, 10 Mar 2027", read as a calendar date wherever the counter is. */
export function formatDate(isoDate: string, locale = activeLocale): string {
  const date = new Date(`${isoDate.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const formatter = cached(
    `date|${locale}`,
    () => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  );
  return shown(formatter.format(date));
}

export function formatDateTime(iso: string, locale = activeLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const formatter = cached(
    `datetime|${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
  );
  return shown(formatter.format(date));
}

export const nightsBetween = (checkIn: string, checkOut: string): number =>
  Math.round((Date.parse(`${checkOut.slice(0, 10)}T00:00:00Z`) - Date.parse(`${checkIn.slice(0, 10)}T00:00:00Z`)) / 86_400_000);

/** Minutes and seconds left, for a countdown: "14:05"; "0:00" once passed. */
export function countdown(untilIso: string, now: number): string {
  const left = Math.max(0, Math.floor((Date.parse(untilIso) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
