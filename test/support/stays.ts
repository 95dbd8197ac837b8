import type { Core } from '../../electron/core/core';
import type { BookingRecord, Quote } from '../../shared/bookings';

// No vitest here: counters in the tests' child processes and the bench (bundled by esbuild) use it.

/** A date `days` from today, YYYY-MM-DD. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** One of `items`, chosen by `random`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick: nothing to choose from');
  return item;
}

type CatalogEntry = Awaited<ReturnType<Core['engine']['search']>>[number];

/** A stay an agent sells: a package and one of its properties, the first night `inDays` from today, `nights` long. */
export interface Stay {
  entry: CatalogEntry;
  property: CatalogEntry['properties'][number];
  inDays: number;
  nights: number;
}

/**
 * A stay `random` chooses from `catalog`: the package, one of its properties, the first night
 * `days[0]` up to `days[1]` (not included) days from today, `nights[0]` up to `nights[1]` (not
 * included) nights. Always drawn in this order, so a seed replays the same stays.
 */
export function drawStay(
  random: () => number,
  catalog: readonly CatalogEntry[],
  ranges: { days: [number, number]; nights: [number, number] },
): Stay {
  const entry = pick(random, catalog);
  const property = pick(random, entry.properties);
  const inDays = ranges.days[0] + Math.floor(random() * (ranges.days[1] - ranges.days[0]));
  const nights = ranges.nights[0] + Math.floor(random() * (ranges.nights[1] - ranges.nights[0]));
  return { entry, property, inDays, nights };
}

/** `stay` for two adults, priced through the counter's engine as the agent's Price does. */
export function priceStay(core: Core, stay: Stay): Promise<Quote> {
  return core.engine.price({
    packageId: stay.entry.id,
    packageTitle: stay.entry.title,
    propertyId: stay.property.id,
    propertyName: stay.property.name,
    checkIn: daysFromNow(stay.inDays),
    checkOut: daysFromNow(stay.inDays + stay.nights),
    adults: 2,
  });
}

/** Dates a day or more later where the same stay costs more: a change the traveler pays for at a link. */
export async function dearerDates(core: Core, booking: BookingRecord): Promise<{ checkIn: string; checkOut: string }> {
  const shift = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
  for (let days = 1; days < 150; days += 1) {
    const dates = { checkIn: shift(booking.checkIn, days), checkOut: shift(booking.checkOut, days + 1) };
    const quote = await core.engine.price({ ...booking, ...dates });
    if (quote.available && quote.totalMinor > booking.totalMinor) return dates;
  }
  throw new Error(`no dearer dates after ${booking.checkIn} to ${booking.checkOut}`);
}
