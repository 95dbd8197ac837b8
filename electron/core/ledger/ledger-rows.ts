import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ApiItem } from '../../../shared/api';
import type { BookingRecord, PendingModification } from '../../../shared/bookings';
import type { StoredWords } from '../../../shared/stored-words';
import type { ProfileKind } from '../../../shared/profiles';
import { parseWords, serializeWords } from './ledger-words';
import { statement } from './statements';

/** A row of the bookings table as SQLite returns it. */
export type Row = {
  id: number;
  profile_id: number;
  profile_kind: ProfileKind;
  service_booking_id: number | null;
  package_id: number;
  package_title: string;
  property_id: number;
  property_name: string;
  check_in: string;
  check_out: string;
  adults: number;
  holder_name: string;
  holder_surname: string;
  holder_email: string;
  paxes: string;
  items: string;
  total_minor: number;
  currency: string;
  client_reference: string;
  booking_reference: string | null;
  status: string;
  pending_modification_reference: string | null;
  pending_payment_link: string | null;
  pending_change: string | null;
  payment_intent_id: string | null;
  attention: string | null;
  attention_words: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  in_flight: string | null;
  next_check_at: number | null;
  check_delay_ms: number;
  origin_counter: string | null;
  made_by: string | null;
  made_at_counter: string | null;
  changed_by: string | null;
  changed_approver: string | null;
  changed_at_counter: string | null;
};

/** What the ledger keeps of a change waiting for payment beyond its reference and link (absent on rows from before). */
type StoredPendingChange = Omit<PendingChange, 'reference' | 'paymentLink'> &
  Partial<Pick<PendingChange, 'reference' | 'paymentLink' | 'abandonedAt' | 'markedPaidAt'>>;

export function storedChangeOf(row: Row): StoredPendingChange | null {
  return row.pending_change ? (JSON.parse(row.pending_change) as StoredPendingChange) : null;
}

function pendingModificationOf(row: Row): PendingModification | null {
  if (!row.pending_modification_reference) return null;
  const stored = storedChangeOf(row);
  return {
    reference: row.pending_modification_reference,
    paymentLink: row.pending_payment_link ?? '',
    amountMinor: stored?.amountMinor ?? null,
    checkIn: stored?.checkIn ?? null,
    checkOut: stored?.checkOut ?? null,
    propertyName: stored?.propertyName ?? null,
    requestedAt: stored?.requestedAt ?? null,
  };
}

export const toRecord = (row: Row): BookingRecord => ({
  id: row.id,
  profileId: row.profile_id,
  profileKind: row.profile_kind,
  serviceBookingId: row.service_booking_id === null ? null : row.service_booking_id,
  packageId: row.package_id,
  packageTitle: row.package_title,
  propertyId: row.property_id,
  propertyName: row.property_name,
  checkIn: row.check_in,
  checkOut: row.check_out,
  adults: row.adults,
  holder: { name: row.holder_name, surname: row.holder_surname, email: row.holder_email },
  paxAges: JSON.parse(row.paxes) as number[],
  items: JSON.parse(row.items) as ApiItem[],
  totalMinor: row.total_minor,
  currency: row.currency,
  clientReference: row.client_reference,
  bookingReference: row.booking_reference,
  status: row.status,
  pendingModification: pendingModificationOf(row),
  paymentIntentId: row.payment_intent_id,
  attention: row.attention,
  attentionWords: row.attention === null ? null : parseWords(row.attention_words),
  inFlight: row.in_flight,
  originCounter: row.origin_counter ?? null,
  madeBy: row.made_by ?? null,
  madeAtCounter: row.made_at_counter ?? null,
  changedBy: row.changed_by ?? null,
  changedApprover: row.changed_approver ?? null,
  changedAtCounter: row.changed_at_counter ?? null,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A change waiting for payment: what the agent sees, and the request the engine checks it landed with. */
export interface PendingChange extends PendingModification {
  request: Record<string, unknown>;
  /** Set when the agent marked it abandoned: no longer shown, still watched, since its link can still be paid. */
  abandonedAt?: string;
  /** Set when the agent marked it paid where the service could not show it: watched until the service does. */
  markedPaidAt?: string;
}

export type NewBooking = Omit<
  BookingRecord,
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | 'pendingModification'
  | 'paymentIntentId'
  | 'attention'
  | 'attentionWords'
  | 'inFlight'
  | 'version'
  | 'originCounter'
  | 'madeBy'
  | 'madeAtCounter'
  | 'changedBy'
  | 'changedApprover'
  | 'changedAtCounter'
> & {
  attention?: string | null;
  /** The attention's words (ledger-words.ts `attentionWords`); absent or null: its English text alone. */
  attentionWords?: StoredWords | null;
  /** When the reconciler should first read it (epoch ms); null or absent: settled. */
  nextCheckAt?: number | null;
};

export type BookingPatch = Partial<{
  serviceBookingId: number;
  status: string;
  bookingReference: string | null;
  checkIn: string;
  checkOut: string;
  propertyId: number;
  propertyName: string;
  items: ApiItem[];
  totalMinor: number;
  currency: string;
  pendingModification: PendingChange | null;
  /** A change kept under watch without being shown (abandoned by the agent, still payable); null ends the watch. */
  watchedChange: PendingChange | null;
  paymentIntentId: string | null;
  attention: string | null;
  /** The attention's words; a patch of `attention` without them clears them (the text alone is shown). */
  attentionWords: StoredWords | null;
  nextCheckAt: number | null;
}>;

/** The two ways a booking row is written: a new row, and a patch of some of its columns. */
export function createRowWriter(db: DatabaseSync, now: () => string) {
  function insertRow(booking: NewBooking): number {
    const stamp = now();
    return Number(
      statement(
        db,
        `INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name, check_in, check_out, adults,
            holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference, booking_reference, status, attention, attention_words, next_check_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        booking.profileId,
        booking.profileKind,
        booking.serviceBookingId,
        booking.packageId,
        booking.packageTitle,
        booking.propertyId,
        booking.propertyName,
        booking.checkIn,
        booking.checkOut,
        booking.adults,
        booking.holder.name,
        booking.holder.surname,
        booking.holder.email,
        JSON.stringify(booking.paxAges),
        JSON.stringify(booking.items),
        booking.totalMinor,
        booking.currency,
        booking.clientReference,
        booking.bookingReference,
        booking.status,
        booking.attention ?? null,
        booking.attention ? serializeWords(booking.attentionWords) : null,
        booking.nextCheckAt ?? null,
        stamp,
        stamp,
      ).lastInsertRowid,
    );
  }

  /** Writes the patched columns; every change of a row's data moves its version on. */
  function patchRow(id: number, patch: BookingPatch & { inFlight?: string | null }, bumpVersion: boolean): void {
    const columns: [string, SQLInputValue][] = [];
    if (patch.serviceBookingId !== undefined) columns.push(['service_booking_id', patch.serviceBookingId]);
    if (patch.status !== undefined) columns.push(['status', patch.status]);
    if (patch.bookingReference !== undefined) columns.push(['booking_reference', patch.bookingReference]);
    if (patch.checkIn !== undefined) columns.push(['check_in', patch.checkIn]);
    if (patch.checkOut !== undefined) columns.push(['check_out', patch.checkOut]);
    if (patch.propertyId !== undefined) columns.push(['property_id', patch.propertyId]);
    if (patch.propertyName !== undefined) columns.push(['property_name', patch.propertyName]);
    if (patch.items !== undefined) columns.push(['items', JSON.stringify(patch.items)]);
    if (patch.totalMinor !== undefined) columns.push(['total_minor', patch.totalMinor]);
    if (patch.currency !== undefined) columns.push(['currency', patch.currency]);
    if (patch.attention !== undefined) {
      columns.push(['attention', patch.attention]);
      columns.push(['attention_words', patch.attention === null ? null : serializeWords(patch.attentionWords)]);
    }
    if (patch.inFlight !== undefined) columns.push(['in_flight', patch.inFlight]);
    if (patch.nextCheckAt !== undefined) columns.push(['next_check_at', patch.nextCheckAt]);
    if (patch.paymentIntentId !== undefined) columns.push(['payment_intent_id', patch.paymentIntentId]);
    if (patch.pendingModification !== undefined || patch.watchedChange !== undefined) {
      // The columns say what is shown; the stored change is what is watched (shown, or abandoned and still payable).
      const shown = patch.pendingModification;
      const watched = patch.watchedChange !== undefined ? patch.watchedChange : shown;
      if (shown !== undefined) {
        columns.push(['pending_modification_reference', shown?.reference ?? null]);
        columns.push(['pending_payment_link', shown?.paymentLink ?? null]);
      }
      columns.push(['pending_change', watched ? JSON.stringify(watched) : null]);
    }
    if (!columns.length) return;
    const version = bumpVersion ? ', version = version + 1' : '';
    statement(
      db,
      `UPDATE bookings SET ${columns.map(([column]) => `${column} = ?`).join(', ')}${version}, updated_at = ? WHERE id = ?`,
    ).run(...columns.map(([, value]) => value), now(), id);
  }

  return { insertRow, patchRow };
}
