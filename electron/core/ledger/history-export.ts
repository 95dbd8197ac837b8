import type { BookingRecord } from '../../../shared/bookings';
import { csvLines } from '../csv-field';

const CSV_COLUMNS: [string, (record: BookingRecord) => string | number | null][] = [
  ['Local id', (r) => r.id],
  ['Service booking id', (r) => r.serviceBookingId],
  ['Booking reference', (r) => r.bookingReference],
  ['Client reference', (r) => r.clientReference],
  ['Status', (r) => r.status],
  ['Package', (r) => r.packageTitle],
  ['Property', (r) => r.propertyName],
  ['Check-in', (r) => r.checkIn],
  ['Check-out', (r) => r.checkOut],
  ['Adults', (r) => r.adults],
  ['Holder', (r) => `${r.holder.name} ${r.holder.surname}`],
  ['E-mail', (r) => r.holder.email],
  ['Total (minor units)', (r) => r.totalMinor],
  ['Currency', (r) => r.currency],
  ['Mode', (r) => r.profileKind],
  ['Created', (r) => r.createdAt],
];

/** Bookings as CSV, one line each; `counterName` names this counter in the Counter column (its own rows carry no name). */
export function bookingsCsv(bookings: BookingRecord[], options: { counterName?: string | null } = {}): { csv: string; rows: number } {
  const here = options.counterName ?? 'This counter';
  const columns: typeof CSV_COLUMNS = [...CSV_COLUMNS, ['Counter', (r) => r.originCounter ?? here]];
  return { csv: csvLines(columns, bookings), rows: bookings.length };
}
