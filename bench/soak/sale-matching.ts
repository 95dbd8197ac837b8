// Matching a ledger's rows with the service's records by intended sale, on plain values: the soak's
// comparison (compare.ts) reads them from the files; another comparator (the agency soak) may read its
// own and match them the same way. The terms are defined in docs/ledger.md ("The soak's figures").

/** A traveler's lead details as a prebook sent them. */
export interface Holder {
  name: string;
  surname: string;
  email: string;
}

/**
 * What names one intended sale on both sides. A soak counter gives every try its own holder e-mail
 * (bench/soak/soak-counter.ts); the prebook sends it, and the service and the ledger both keep it,
 * whatever became of the numbers in between.
 */
export type SaleOf = (holder: Holder) => string;
export const saleByEmail: SaleOf = (holder) => holder.email.toLowerCase();

/** A booking as the service's own records show it. */
export interface ServiceBooking {
  id: number;
  sale: string;
  /** As the dialect names it outward. */
  status: string;
  checkIn: string;
  checkOut: string;
  totalMinor: number;
  currency: string;
  /** Payments of kind 'authorization' recorded against it. */
  authorizations: number;
}

/** A row of a ledger (a counter's, or the agency's). */
export interface LedgerBooking {
  /** Where it was read: a counter's folder name, or whatever the caller names its source. */
  where: string;
  rowId: number;
  serviceBookingId: number | null;
  sale: string;
  status: string;
  checkIn: string;
  checkOut: string;
  totalMinor: number;
  currency: string;
}

/** One write request as the service's own log keeps it (write_requests, kept while the control logWrites is on). */
export interface LoggedWrite {
  operation: string;
  /** The booking in its path; null for a prebook, which names none. */
  bookingId: number | null;
  /** Epoch milliseconds with a fraction: when it came, and when the service was done with it. */
  receivedAt: number;
  doneAt: number;
  outcome: string;
}

/** One thing found wrong, for the person reading a failed run. */
export interface Finding {
  term: string;
  detail: string;
}

/** What matching by intended sale counts. rows = matchedRows + duplicateRows + phantomRows; bookings = matchedRows + lost + orphanHolds. */
export interface SaleFigures {
  bookings: number;
  rows: number;
  matchedRows: number;
  lost: number;
  orphanHolds: number;
  phantomRows: number;
  duplicateRows: number;
  wrongStatus: number;
  wrongDates: number;
  wrongTotal: number;
  doubleCharged: number;
}

const rowName = (row: LedgerBooking) =>
  `${row.where} row ${row.rowId} (sale ${row.sale}${row.serviceBookingId === null ? ', no number' : ''})`;

/**
 * Matches every ledger row with the service's bookings by intended sale; nothing is skipped. Each row is
 * matched (the first to name a booking of its own sale), a duplicate (a booking another row already
 * records, or no number for a sale whose bookings other rows record) or a phantom (a number the service
 * does not hold for its sale, or no number at all while the service holds nothing for it or a booking
 * no row names). Each booking is matched, lost (authorized, no row names it) or an orphan hold (not
 * authorized, no row names it). A sale is double-charged when its bookings hold more than one
 * authorization in all: two bookings paid for one sale, or one booking authorized twice.
 */
export function matchBySale(
  bookings: readonly ServiceBooking[],
  rows: readonly LedgerBooking[],
): { figures: SaleFigures; findings: Finding[] } {
  const findings: Finding[] = [];
  const figures: SaleFigures = {
    bookings: bookings.length,
    rows: rows.length,
    matchedRows: 0,
    lost: 0,
    orphanHolds: 0,
    phantomRows: 0,
    duplicateRows: 0,
    wrongStatus: 0,
    wrongDates: 0,
    wrongTotal: 0,
    doubleCharged: 0,
  };
  const found = (term: keyof SaleFigures, detail: string) => {
    figures[term] += 1;
    findings.push({ term, detail });
  };
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  const bySale = new Map<string, ServiceBooking[]>();
  for (const booking of bookings) bySale.set(booking.sale, [...(bySale.get(booking.sale) ?? []), booking]);
  const named = new Map<number, LedgerBooking>();

  for (const row of rows) {
    if (row.serviceBookingId === null) continue;
    const truth = byId.get(row.serviceBookingId);
    if (!truth) {
      found('phantomRows', `${rowName(row)} names booking ${row.serviceBookingId}, which the service does not have`);
      continue;
    }
    if (truth.sale !== row.sale) {
      found('phantomRows', `${rowName(row)} names booking ${truth.id}, which the service holds for sale ${truth.sale}`);
      continue;
    }
    const first = named.get(truth.id);
    if (first) {
      found('duplicateRows', `${rowName(row)} records booking ${truth.id}, which ${rowName(first)} records already`);
      continue;
    }
    named.set(truth.id, row);
    figures.matchedRows += 1;
    if (row.status !== truth.status)
      found('wrongStatus', `${rowName(row)}: ${row.status}, the service ${truth.status} (booking ${truth.id})`);
    if (row.checkIn !== truth.checkIn || row.checkOut !== truth.checkOut)
      found('wrongDates', `${rowName(row)}: ${row.checkIn} to ${row.checkOut}, the service ${truth.checkIn} to ${truth.checkOut}`);
    if (row.totalMinor !== truth.totalMinor || row.currency !== truth.currency)
      found('wrongTotal', `${rowName(row)}: ${row.totalMinor} ${row.currency}, the service ${truth.totalMinor} ${truth.currency}`);
  }
  // Rows without a number, once every numbered row has named its booking.
  for (const row of rows) {
    if (row.serviceBookingId !== null) continue;
    const ofSale = bySale.get(row.sale) ?? [];
    const unnamed = ofSale.filter((booking) => !named.has(booking.id));
    if (ofSale.length > 0 && unnamed.length === 0)
      found(
        'duplicateRows',
        `${rowName(row)}: its sale's booking ${ofSale.map((booking) => booking.id).join(', ')} is recorded by another row`,
      );
    else if (unnamed.length > 0)
      found('phantomRows', `${rowName(row)}: the service holds booking ${unnamed.map((booking) => booking.id).join(', ')} for its sale`);
    else found('phantomRows', `${rowName(row)}: the service holds nothing for its sale`);
  }
  for (const booking of bookings) {
    if (named.has(booking.id)) continue;
    if (booking.authorizations > 0) found('lost', `booking ${booking.id} (sale ${booking.sale}) is authorized and no ledger row names it`);
    else found('orphanHolds', `booking ${booking.id} (sale ${booking.sale}, ${booking.status}) is held and no ledger row names it`);
  }
  for (const [sale, ofSale] of bySale) {
    const authorizations = ofSale.reduce((sum, booking) => sum + booking.authorizations, 0);
    if (authorizations > 1)
      found(
        'doubleCharged',
        `sale ${sale}: ${authorizations} authorizations on booking ${ofSale
          .filter((booking) => booking.authorizations > 0)
          .map((booking) => `${booking.id} (${booking.authorizations})`)
          .join(', ')}`,
      );
  }
  return { figures, findings };
}

/**
 * Writes on one booking that overlapped at the service, by its own log: a write that came in while an
 * earlier one on the same booking was still there (held, working or answering). A prebook names no
 * booking in its path and is not judged here: sent again, it is answered by the hold its token made.
 */
export function overlappingWrites(writes: readonly LoggedWrite[]): { doubleWritten: number; findings: Finding[] } {
  const findings: Finding[] = [];
  const byBooking = new Map<number, LoggedWrite[]>();
  for (const write of writes)
    if (write.bookingId !== null) byBooking.set(write.bookingId, [...(byBooking.get(write.bookingId) ?? []), write]);
  for (const [bookingId, ofBooking] of byBooking) {
    ofBooking.sort((a, b) => a.receivedAt - b.receivedAt);
    let open: LoggedWrite | null = null;
    for (const write of ofBooking) {
      if (open && write.receivedAt < open.doneAt) {
        findings.push({
          term: 'doubleWritten',
          detail: `booking ${bookingId}: ${write.operation} (${write.outcome}) came ${(open.doneAt - write.receivedAt).toFixed(1)} ms before the service was done with ${open.operation} (${open.outcome})`,
        });
      }
      if (!open || write.doneAt > open.doneAt) open = write;
    }
  }
  return { doubleWritten: findings.length, findings };
}

/**
 * What an attention flag is about, without the numbers, dates and references of the one booking: its
 * first sentence or clause, parentheses dropped, every word holding a digit as "#".
 */
export function attentionCause(text: string): string {
  const first = text.replace(/\s*\([^()]*\)/g, '').split(/[.:](?:\s|$)/)[0] ?? text;
  return first.replace(/[\p{L}\p{N}-]*\d[\p{L}\p{N}-]*/gu, '#').trim();
}

/** How many flags of each cause. */
export function attentionByCause(flags: readonly (string | null)[]): Record<string, number> {
  const causes: Record<string, number> = {};
  for (const flag of flags) {
    if (flag === null) continue;
    const cause = attentionCause(flag);
    causes[cause] = (causes[cause] ?? 0) + 1;
  }
  return causes;
}
