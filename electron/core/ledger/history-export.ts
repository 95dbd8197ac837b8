import type { BookingRecord } from '../../../shared/bookings';
import { csvField } from '../csv-field';

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

/** Who made and last changed each booking, and where (empty where nobody was named): after the columns from before, the counter last. */
const PEOPLE_COLUMNS: typeof CSV_COLUMNS = [
  ['Made by', (r) => r.madeBy],
  ['Last changed by', (r) => r.changedBy],
  ['Change approved by', (r) => r.changedApprover],
  ['Changed at counter', (r) => r.changedAtCounter],
];

/**
 * Bookings as CSV lines (CRLF), the header first, a batch of bookings at a time as they are read, so
 * main writes the file as a stream; `counterName` names this counter in the Counter column (its own rows carry no name).
 */
export function* bookingsCsv(batches: Iterable<BookingRecord[]>, options: { counterName?: string | null } = {}): Generator<string> {
  const here = options.counterName ?? 'This counter';
  const columns: typeof CSV_COLUMNS = [...CSV_COLUMNS, ...PEOPLE_COLUMNS, ['Counter', (r) => r.originCounter ?? here]];
  yield `${columns.map(([name]) => csvField(name)).join(',')}\r\n`;
  for (const batch of batches) yield batch.map((row) => `${columns.map(([, value]) => csvField(value(row))).join(',')}\r\n`).join('');
}
