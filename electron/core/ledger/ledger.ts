import { randomBytes } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ApiItem } from '../../../shared/api';
import type { BookingFilter, BookingRecord, TimelineEvent } from '../../../shared/bookings';
import { FINAL_STATUSES, WAITING_FOR_AGENT } from '../../../shared/bookings';
import type { ProfileKind } from '../../../shared/profiles';
import { transaction } from '../database';

type Row = {
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
  attention: string | null;
  created_at: string;
  updated_at: string;
};

const toRecord = (row: Row): BookingRecord => ({
  id: Number(row.id),
  profileId: Number(row.profile_id),
  profileKind: row.profile_kind,
  serviceBookingId: row.service_booking_id === null ? null : Number(row.service_booking_id),
  packageId: Number(row.package_id),
  packageTitle: row.package_title,
  propertyId: Number(row.property_id),
  propertyName: row.property_name,
  checkIn: row.check_in,
  checkOut: row.check_out,
  adults: Number(row.adults),
  holder: { name: row.holder_name, surname: row.holder_surname, email: row.holder_email },
  paxAges: JSON.parse(row.paxes) as number[],
  items: JSON.parse(row.items) as ApiItem[],
  totalMinor: Number(row.total_minor),
  currency: row.currency,
  clientReference: row.client_reference,
  bookingReference: row.booking_reference,
  status: row.status,
  pendingModification: row.pending_modification_reference ? { reference: row.pending_modification_reference, paymentLink: row.pending_payment_link ?? '' } : null,
  attention: row.attention,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type NewBooking = Omit<BookingRecord, 'id' | 'createdAt' | 'updatedAt' | 'pendingModification' | 'attention'> & { attention?: string | null };

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
  pendingModification: { reference: string; paymentLink: string } | null;
  attention: string | null;
}>;

export interface OpenIntent {
  id: number;
  bookingId: number | null;
  operation: string;
  detail: Record<string, unknown>;
  startedAt: string;
}

/** Words of a search box as an FTS5 query: every word must match the start of a word, in any column. */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}@._-]+/u)
    .map((word) => word.replace(/["]/g, ''))
    .filter(Boolean);
  return words.length ? words.map((word) => `"${word}"*`).join(' AND ') : null;
}

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

/** A CSV field, quoted when needed, and defused so a spreadsheet never runs it as a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The counter's ledger: every booking made here, its timeline, and the journal of writes. */
export function createLedger(db: DatabaseSync, now: () => Date = () => new Date()) {
  const iso = () => now().toISOString();

  function where(filter: BookingFilter): { sql: string; params: SQLInputValue[] } {
    const clauses = ['b.profile_id = ?'];
    const params: SQLInputValue[] = [filter.profileId];
    const match = filter.query ? ftsQuery(filter.query) : null;
    if (match) {
      clauses.push('b.id IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ?)');
      params.push(match);
    }
    if (filter.statuses?.length) {
      clauses.push(`b.status IN (${filter.statuses.map(() => '?').join(', ')})`);
      params.push(...filter.statuses);
    }
    const dateColumn = filter.dateField === 'created' ? 'substr(b.created_at, 1, 10)' : 'b.check_in';
    if (filter.from) {
      clauses.push(`${dateColumn} >= ?`);
      params.push(filter.from);
    }
    if (filter.to) {
      clauses.push(`${dateColumn} <= ?`);
      params.push(filter.to);
    }
    return { sql: clauses.join(' AND '), params };
  }

  const ledger = {
    get(id: number): BookingRecord | null {
      const row = db.prepare('SELECT * FROM bookings WHERE id = ?').get(id) as Row | undefined;
      return row ? toRecord(row) : null;
    },

    findByServiceId(profileId: number, serviceBookingId: number): BookingRecord | null {
      const row = db.prepare('SELECT * FROM bookings WHERE profile_id = ? AND service_booking_id = ?').get(profileId, serviceBookingId) as Row | undefined;
      return row ? toRecord(row) : null;
    },

    insert(booking: NewBooking, event: { type: string; summary: string; detail?: unknown }): BookingRecord {
      const id = transaction(db, () => {
        const inserted = Number(
          db
            .prepare(
              `INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name, check_in, check_out, adults,
                holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference, booking_reference, status, attention, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
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
              iso(),
              iso(),
            ).lastInsertRowid,
        );
        ledger.addEvent(inserted, event.type, event.summary, event.detail);
        return inserted;
      });
      return ledger.get(id) as BookingRecord;
    },

    /** Changes a booking and records why, in one transaction. */
    update(id: number, patch: BookingPatch, event?: { type: string; summary: string; detail?: unknown }): BookingRecord {
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
      if (patch.attention !== undefined) columns.push(['attention', patch.attention]);
      if (patch.pendingModification !== undefined) {
        columns.push(['pending_modification_reference', patch.pendingModification?.reference ?? null]);
        columns.push(['pending_payment_link', patch.pendingModification?.paymentLink ?? null]);
      }
      transaction(db, () => {
        if (columns.length) {
          db.prepare(`UPDATE bookings SET ${columns.map(([column]) => `${column} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(...columns.map(([, value]) => value), iso(), id);
        }
        if (event) ledger.addEvent(id, event.type, event.summary, event.detail);
      });
      return ledger.get(id) as BookingRecord;
    },

    addEvent(bookingId: number, type: string, summary: string, detail?: unknown): void {
      db.prepare('INSERT INTO booking_events (booking_id, at, type, summary, detail) VALUES (?, ?, ?, ?, ?)').run(bookingId, iso(), type, summary, detail === undefined ? null : JSON.stringify(detail));
    },

    timeline(bookingId: number): TimelineEvent[] {
      return (db.prepare('SELECT at, type, summary FROM booking_events WHERE booking_id = ? ORDER BY id').all(bookingId) as { at: string; type: string; summary: string }[]).map((row) => ({ ...row }));
    },

    beginIntent(operation: string, bookingId: number | null, detail: Record<string, unknown>): number {
      const id = Number(db.prepare('INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, ?, ?, ?)').run(bookingId, operation, JSON.stringify(detail), iso()).lastInsertRowid);
      if (bookingId !== null) ledger.addEvent(bookingId, `${operation}_intent`, `Sending ${operation.replace(/_/g, ' ')} to the service`);
      return id;
    },

    finishIntent(intentId: number, outcome: string, bookingId?: number | null): void {
      db.prepare('UPDATE intents SET finished_at = ?, outcome = ?, booking_id = coalesce(?, booking_id) WHERE id = ?').run(iso(), outcome, bookingId ?? null, intentId);
    },

    openIntents(): OpenIntent[] {
      return (db.prepare('SELECT id, booking_id, operation, detail, started_at FROM intents WHERE finished_at IS NULL ORDER BY id').all() as { id: number; booking_id: number | null; operation: string; detail: string; started_at: string }[]).map((row) => ({
        id: Number(row.id),
        bookingId: row.booking_id === null ? null : Number(row.booking_id),
        operation: row.operation,
        detail: JSON.parse(row.detail) as Record<string, unknown>,
        startedAt: row.started_at,
      }));
    },

    /** Bookings the service is still moving towards a final state (paid, awaiting the supplier…), for the tracker. */
    awaitingService(): BookingRecord[] {
      const settled = [...FINAL_STATUSES, ...WAITING_FOR_AGENT];
      return (db.prepare(`SELECT * FROM bookings WHERE service_booking_id IS NOT NULL AND status NOT IN (${settled.map(() => '?').join(', ')}) ORDER BY id`).all(...settled) as Row[]).map(toRecord);
    },

    needingAttention(profileId: number): BookingRecord[] {
      return (db.prepare('SELECT * FROM bookings WHERE profile_id = ? AND attention IS NOT NULL ORDER BY id DESC').all(profileId) as Row[]).map(toRecord);
    },

    list(filter: BookingFilter): { rows: BookingRecord[]; total: number } {
      const { sql, params } = where(filter);
      const total = Number((db.prepare(`SELECT count(*) AS n FROM bookings b WHERE ${sql}`).get(...params) as { n: number }).n);
      const rows = db.prepare(`SELECT b.* FROM bookings b WHERE ${sql} ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`).all(...params, filter.limit ?? 100, filter.offset ?? 0) as Row[];
      return { rows: rows.map(toRecord), total };
    },

    exportCsv(filter: BookingFilter): { csv: string; rows: number } {
      const { sql, params } = where(filter);
      const rows = (db.prepare(`SELECT b.* FROM bookings b WHERE ${sql} ORDER BY b.created_at DESC, b.id DESC`).all(...params) as Row[]).map(toRecord);
      const lines = [CSV_COLUMNS.map(([name]) => name).join(','), ...rows.map((record) => CSV_COLUMNS.map(([, value]) => csvField(value(record))).join(','))];
      return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
    },

    /** A client reference the agency can quote, unique to this counter: its code and a running number. */
    nextClientReference(): string {
      return transaction(db, () => {
        let code = (db.prepare("SELECT value FROM counter WHERE key = 'code'").get() as { value: string } | undefined)?.value;
        if (!code) {
          code = Array.from(randomBytes(4), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('');
          db.prepare("INSERT INTO counter (key, value) VALUES ('code', ?)").run(code);
        }
        const next = Number((db.prepare("SELECT value FROM counter WHERE key = 'sequence'").get() as { value: string } | undefined)?.value ?? 0) + 1;
        db.prepare("INSERT INTO counter (key, value) VALUES ('sequence', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(String(next));
        return `PD-${code}-${String(next).padStart(6, '0')}`;
      });
    },
  };
  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;
