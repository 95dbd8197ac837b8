import type { CatalogPackage, CatalogProperty } from './catalog';

const DAY_MS = 86_400_000;

export const nightsBetween = (checkIn: string, checkOut: string): number =>
  Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);

/** The nights of a stay, as YYYY-MM-DD of each night's date. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const start = Date.parse(`${checkIn}T00:00:00Z`);
  return Array.from({ length: nightsBetween(checkIn, checkOut) }, (_, night) =>
    new Date(start + night * DAY_MS).toISOString().slice(0, 10),
  );
}

/** A small stable hash, so sold-out nights are the same on every machine and every run. */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

/** About one night in sixteen is sold out at each property; the same nights every time. */
export const isSoldOut = (property: CatalogProperty, night: string): boolean => hash(`${property.id}:${night}`) % 16 === 0;

function seasonFactor(night: string): number {
  const month = Number(night.slice(5, 7));
  if (month === 7 || month === 8 || month === 12) return 1.35;
  if (month === 6 || month === 9 || month === 4) return 1.15;
  if (month === 1 || month === 2 || month === 11) return 0.85;
  return 1;
}

function weekdayFactor(night: string): number {
  const day = new Date(`${night}T00:00:00Z`).getUTCDay();
  return day === 5 || day === 6 ? 1.2 : 1;
}

/** Each extra adult costs 60% of the first; a week or more earns 10% off. */
function occupancyFactor(adults: number): number {
  return 1 + 0.6 * (adults - 1);
}

export type Quote = { available: false } | { available: true; totalMinor: number; currency: string };

/** The price of a stay: per night by season and weekday, times occupancy, less a long-stay discount. */
export function quoteStay(pkg: CatalogPackage, property: CatalogProperty, checkIn: string, checkOut: string, adults: number): Quote {
  const nights = stayNights(checkIn, checkOut);
  if (nights.some((night) => isSoldOut(property, night))) return { available: false };
  const perNight = nights.reduce((sum, night) => sum + property.baseNightly * seasonFactor(night) * weekdayFactor(night), 0);
  const discount = nights.length >= 7 ? 0.9 : 1;
  // JPY prices are whole yen; rounding to 100 keeps them looking like real tariffs.
  const unit = pkg.currency === 'JPY' ? 100 : 1;
  const total = Math.round((perNight * occupancyFactor(adults) * discount) / unit) * unit;
  return { available: true, totalMinor: total, currency: pkg.currency };
}
