import type { BookingCopy, KeptCopy, ServiceRecords } from './agency-copies';

/**
 * What differs between the copies, every row of every copy looked at (none skipped because it lacks
 * an id or names something unknown). Each figure counts rows, per copy where it is found.
 */
export interface Divergence {
  /** Service bookings charged (an authorization) that the agency has no row for. */
  lost: number;
  /** Service bookings the agency has no row for (charged or not). */
  orphanHolds: number;
  /** Rows (agency or counter) naming a service booking the service does not have, or one made for another sale. */
  phantomRows: number;
  /** Rows beyond the first for one booking: the same sale held twice at the service, the same service booking twice at the agency or a counter, a timeline line twice. */
  duplicateRows: number;
  /** Agency rows whose status differs from the service's, and counter rows whose status differs from the agency's. */
  wrongStatus: number;
  wrongDates: number;
  /** Total or currency. */
  wrongTotal: number;
  /** Service bookings authorized more than once, and changes charged more than once. */
  doubleCharged: number;
  /** Changes the service recorded beyond those the travelers asked for (a follow-up sent twice, two counters both making it). */
  doubleWritten: number;
  /** Agency bookings or timeline lines a counter lacks, and a counter's rows, lines or outbox entries the agency never took. */
  changesNotApplied: number;
  /** Rows with no service id whose sale the service never held either (the hold's outcome unknown; information). */
  unconfirmedHolds: number;
  /** Rows flagged for the agent (information). */
  attention: number;
  /** Of the wrong rows, those at the agency (against the service) and those at the counters (against the agency); information. */
  wrongAtAgency: number;
  wrongAtDesks: number;
}

export interface Comparison {
  figures: Divergence;
  /** What differs, in words: the first few of each kind. */
  examples: string[];
}

const EXAMPLES_PER_KIND = 4;

const counts = (lines: readonly string[]): Map<string, number> => {
  const found = new Map<string, number>();
  for (const line of lines) found.set(line, (found.get(line) ?? 0) + 1);
  return found;
};

/**
 * Every counter's ledger against the agency's tables, and the agency's tables against the service's
 * records; `changesAsked` is how many changes the travelers asked for each service booking; `unsent`
 * the outbox entries left at each counter (by its copy's name).
 */
export function compareCopies(
  service: ServiceRecords,
  agency: KeptCopy,
  ledgers: readonly KeptCopy[],
  changesAsked: ReadonlyMap<number, number>,
  unsent: ReadonlyMap<string, number>,
): Comparison {
  const figures: Divergence = {
    lost: 0,
    orphanHolds: 0,
    phantomRows: 0,
    duplicateRows: 0,
    wrongStatus: 0,
    wrongDates: 0,
    wrongTotal: 0,
    doubleCharged: service.modificationsChargedTwice,
    doubleWritten: 0,
    changesNotApplied: 0,
    unconfirmedHolds: 0,
    attention: 0,
    wrongAtAgency: 0,
    wrongAtDesks: 0,
  };
  const examplesOf = new Map<string, string[]>();
  /** Counts `times` of `kind`, keeping the first few examples of each kind (and of each copy compared, `against`). */
  const found = (kind: keyof Divergence, example: string, times = 1, against = ''): void => {
    figures[kind] += times;
    const list = examplesOf.get(`${kind}${against}`) ?? [];
    if (list.length < EXAMPLES_PER_KIND) list.push(`${kind}: ${example}`);
    examplesOf.set(`${kind}${against}`, list);
  };
  /** Status, dates and total of `copy` against `truth`, said of `copy`'s row for `what`. */
  const compareFields = (what: string, copy: BookingCopy, truth: BookingCopy, truthWhere: 'the service' | 'the agency'): void => {
    const wrongBefore = figures.wrongStatus + figures.wrongDates + figures.wrongTotal;
    if (copy.status !== truth.status) found('wrongStatus', `${what} is ${copy.status}, ${truthWhere} ${truth.status}`, 1, truthWhere);
    if (copy.checkIn !== truth.checkIn || copy.checkOut !== truth.checkOut)
      found('wrongDates', `${what} is ${copy.checkIn}..${copy.checkOut}, ${truthWhere} ${truth.checkIn}..${truth.checkOut}`, 1, truthWhere);
    if (copy.totalMinor !== truth.totalMinor || copy.currency !== truth.currency)
      found(
        'wrongTotal',
        `${what} is ${copy.totalMinor} ${copy.currency}, ${truthWhere} ${truth.totalMinor} ${truth.currency}`,
        1,
        truthWhere,
      );
    if (figures.wrongStatus + figures.wrongDates + figures.wrongTotal === wrongBefore) return;
    if (truthWhere === 'the service') figures.wrongAtAgency += 1;
    else figures.wrongAtDesks += 1;
  };

  // The service against itself: one booking per intended sale, one charge per booking and per change, no change beyond those asked.
  const serviceById = new Map(service.bookings.map((booking) => [booking.serviceId, booking]));
  const serviceBySale = new Map<string, number[]>();
  for (const booking of service.bookings) {
    serviceBySale.set(booking.sale, [...(serviceBySale.get(booking.sale) ?? []), booking.serviceId]);
    if (booking.authorizations > 1)
      found('doubleCharged', `service booking ${booking.serviceId} authorized ${booking.authorizations} times`);
    const asked = changesAsked.get(booking.serviceId) ?? 0;
    if (booking.modifications > asked)
      found(
        'doubleWritten',
        `service booking ${booking.serviceId} changed ${booking.modifications} times, ${asked} asked`,
        booking.modifications - asked,
      );
  }
  for (const [sale, ids] of serviceBySale)
    if (ids.length > 1) found('duplicateRows', `the service holds "${sale}" ${ids.length} times: ${ids.join(', ')}`, ids.length - 1);

  // Every row of a kept copy (the agency's, a counter's) against the service: it names a booking the service made for that sale.
  const againstService = (copy: KeptCopy, compare: boolean): void => {
    const seen = new Map<number, number>();
    for (const row of copy.bookings) {
      if (row.attention !== null) figures.attention += 1;
      const what = `${copy.where}'s ${row.key ?? 'unshared row'} ("${row.sale}")`;
      if (row.serviceId === null) {
        // Its sale held at the service is an orphan hold, counted there; a sale never held is only unconfirmed.
        if (!serviceBySale.has(row.sale)) found('unconfirmedHolds', `${what} has no service id and the service never held it`);
        continue;
      }
      seen.set(row.serviceId, (seen.get(row.serviceId) ?? 0) + 1);
      const truth = serviceById.get(row.serviceId);
      if (!truth) found('phantomRows', `${what} names service booking ${row.serviceId}, which the service does not have`);
      else if (truth.sale !== row.sale) found('phantomRows', `${what} names service booking ${row.serviceId}, made for "${truth.sale}"`);
      else if (compare) compareFields(what, row, truth, 'the service');
    }
    for (const [id, times] of seen)
      if (times > 1) found('duplicateRows', `${copy.where} has service booking ${id} in ${times} rows`, times - 1);
  };

  againstService(agency, true);
  // Matched by intended sale: an agency row naming the booking for another sale does not account for it.
  const matched = new Set(agency.bookings.map((row) => `${row.serviceId ?? ''} ${row.sale}`));
  for (const booking of service.bookings) {
    if (matched.has(`${booking.serviceId} ${booking.sale}`)) continue;
    found('orphanHolds', `service booking ${booking.serviceId} ("${booking.sale}", ${booking.status}) has no row at the agency`);
    if (booking.authorizations > 0)
      found('lost', `service booking ${booking.serviceId} ("${booking.sale}") was charged and the agency has no row`);
  }

  // Every counter's ledger against the agency: the same bookings, the same fields, the same timeline lines.
  const agencyByKey = new Map(agency.bookings.map((row) => [row.key, row]));
  for (const ledger of ledgers) {
    againstService(ledger, false);
    const byKey = new Map(ledger.bookings.map((row) => [row.key, row]));
    for (const [key, truth] of agencyByKey) {
      const here = byKey.get(key);
      if (!here) found('changesNotApplied', `${ledger.where} lacks ${key ?? '?'} ("${truth.sale}", ${truth.status})`);
      else compareFields(`${ledger.where}'s ${key ?? '?'} ("${truth.sale}")`, here, truth, 'the agency');
    }
    for (const row of ledger.bookings)
      if (row.key === null || !agencyByKey.has(row.key))
        found('changesNotApplied', `${ledger.where}'s ${row.key ?? 'unshared row'} ("${row.sale}") never reached the agency`);
    for (const key of new Set([...agency.events.keys(), ...ledger.events.keys()])) {
      const atAgency = counts(agency.events.get(key) ?? []);
      const here = counts(ledger.events.get(key) ?? []);
      for (const line of new Set([...atAgency.keys(), ...here.keys()])) {
        const a = atAgency.get(line) ?? 0;
        const h = here.get(line) ?? 0;
        if (a === h) continue;
        const what = `${key} "${line}": ${ledger.where} ${h} times, the agency ${a}`;
        if (Math.min(a, h) === 0 && Math.max(a, h) === 1) found('changesNotApplied', what);
        else found('duplicateRows', what, Math.abs(a - h));
      }
    }
    const left = unsent.get(ledger.where) ?? 0;
    if (left > 0) found('changesNotApplied', `${ledger.where} still has ${left} changes in its outbox`, left);
  }
  return { figures, examples: [...examplesOf.values()].flat() };
}
