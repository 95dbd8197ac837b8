/** What every area of the built-in service shares: its database, its dialect, and the checks they all make. */
import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import englishIssues from 'zod/v4/locales/en.js';
import { API_PREFIX } from '../../shared/api';
import type { ApiItem } from '../../shared/api';
import { ApiError, notFound } from './api-error';
import type { FieldProblem } from './api-error';
import { findPackage } from './catalog';
import type { CatalogPackage, CatalogProperty } from './catalog';
import type { TrainingControls } from './controls';
import type { DialectTable, State } from './dialect';
import type { ShapeContext } from './dialect-shapes';
import { nightsBetween, quoteStay } from './pricing';

export interface Caller {
  organizationId: number;
  keyKind: 'test' | 'live';
}

/** What a booking and an offer both hold: whose it is, which stay, and its price. */
type StayRow = {
  id: number;
  organization_id: number;
  package_id: number;
  property_id: number;
  check_in: string;
  check_out: string;
  total_minor: number;
  currency: string;
};

export type BookingRow = StayRow & {
  holder: string;
  items: string;
  status: State;
  booking_reference: string | null;
  client_reference: string | null;
  cancellation_reason: string | null;
  supplier_outcome: string | null;
  confirm_due_at: string | null;
  created_at: string;
  updated_at: string;
};

export type OfferRow = StayRow & { adults: number };

export const invalid = (message: string, fields: FieldProblem[]) => new ApiError('invalid_fields', message, { fields });

/**
 * The service answers in its own words, English, whatever language the counter running it is in (zod's words
 * follow the counter's: shared/i18n/zod-words.ts): a parse's issues are worded by zod's English here.
 */
export const IN_SERVICE_WORDS = { error: englishIssues().localeError };

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body, IN_SERVICE_WORDS);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', problem: issue.message }));
  const first = fields[0];
  throw invalid(`The request has invalid fields: ${first ? `${first.field} ${first.problem}` : 'unknown'}.`, fields);
}

export function requireLive(caller: Caller): void {
  if (caller.keyKind !== 'live')
    throw new ApiError('live_key_required', 'This operation needs a live key (sk_live_…); a test key was sent.');
}

/** Items as the service stores and compares them: availability ids and pax ages, in order. */
export const canonicalItems = (items: ApiItem[]) =>
  JSON.stringify(items.map((item) => ({ availability_id: item.availability_id, paxes: item.paxes.map((pax) => ({ age: pax.age })) })));

/** An offer is one room: items that list it twice would hold it twice. */
export function refuseDuplicateOffers(items: ApiItem[]): void {
  const seen = new Map<number, number>();
  for (const [index, item] of items.entries()) {
    const first = seen.get(item.availability_id);
    if (first !== undefined) {
      throw new ApiError(
        'duplicate_offer',
        `items[${index}] books offer ${item.availability_id} again (already in items[${first}]); an offer is one room, so list each once.`,
        {
          fields: [{ field: `items.${index}.availability_id`, problem: `same offer as items.${first}` }],
        },
      );
    }
    seen.set(item.availability_id, index);
  }
}

export function checkStayDates(checkIn: string, checkOut: string, today: string): void {
  const nights = nightsBetween(checkIn, checkOut);
  if (checkIn < today) throw invalid(`check_in ${checkIn} is in the past.`, [{ field: 'check_in', problem: 'is in the past' }]);
  if (nights < 1)
    throw invalid('check_out must be at least one night after check_in.', [{ field: 'check_out', problem: 'is not after check_in' }]);
  if (nights > 30) throw invalid('A stay is at most 30 nights.', [{ field: 'check_out', problem: 'more than 30 nights after check_in' }]);
}

export function createContext(
  db: DatabaseSync,
  controls: TrainingControls,
  dialect: DialectTable,
  options: { publicUrl: () => string; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const isoNow = () => new Date(now()).toISOString();

  const bookingRow = (bookingId: number) => db.prepare('SELECT * FROM bookings WHERE id = ?').get(bookingId) as BookingRow | undefined;

  const offer = (caller: Caller, availabilityId: number): OfferRow | undefined => {
    const row = db.prepare('SELECT * FROM offers WHERE id = ?').get(availabilityId) as OfferRow | undefined;
    return row && row.organization_id === caller.organizationId ? row : undefined;
  };

  /** The trainer's "price rises" scenario: a stay priced before costs the given share more when priced again (once, not compounding). */
  const risenPrice = (
    caller: Caller,
    packageId: number,
    propertyId: number,
    checkIn: string,
    checkOut: string,
    adults: number,
    base: number,
  ) => {
    const rise = controls.current.priceRisePercent;
    if (rise === 0) return null;
    const pricedBefore = db
      .prepare(
        'SELECT 1 FROM offers WHERE organization_id = ? AND package_id = ? AND property_id = ? AND check_in = ? AND check_out = ? AND adults = ? LIMIT 1',
      )
      .get(caller.organizationId, packageId, propertyId, checkIn, checkOut, adults);
    return pricedBefore ? Math.round((base * (100 + rise)) / 100) : null;
  };

  const context = {
    db,
    controls,
    dialect,
    now,
    isoNow,
    today: () => isoNow().slice(0, 10),
    publicUrl: options.publicUrl,
    shapeContext: (): ShapeContext => ({ apiUrl: `${options.publicUrl()}${API_PREFIX}`, at: isoNow() }),
    /** The status a dialect shows for a booking's state. */
    statusOf: (booking: Pick<BookingRow, 'status'>) => dialect.statuses[booking.status],
    bookingRow,
    offer,

    logEvent(bookingId: number, type: string, data: Record<string, unknown> = {}): void {
      db.prepare('INSERT INTO events (booking_id, type, data, at) VALUES (?, ?, ?, ?)').run(
        bookingId,
        type,
        JSON.stringify(data),
        isoNow(),
      );
    },

    recordPayment(
      booking: BookingRow,
      kind: string,
      amount: number,
      extra: { pm?: string; pi?: string; modification?: string } = {},
    ): void {
      db.prepare(
        'INSERT INTO payments (booking_id, kind, amount_minor, currency, payment_method_id, payment_intent_id, modification_reference, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(booking.id, kind, amount, booking.currency, extra.pm ?? null, extra.pi ?? null, extra.modification ?? null, isoNow());
    },

    setState(bookingId: number, state: State): void {
      db.prepare('UPDATE bookings SET status = ?, updated_at = ? WHERE id = ?').run(state, isoNow(), bookingId);
    },

    /** Records the availability ids of each room, so a room is known by any id it ever had. */
    rememberRooms(bookingId: number, items: ApiItem[]): void {
      const insert = db.prepare('INSERT OR IGNORE INTO room_ids (booking_id, room, availability_id) VALUES (?, ?, ?)');
      for (const [room, item] of items.entries()) insert.run(bookingId, room, item.availability_id);
    },

    ownBooking(caller: Caller, bookingId: number): BookingRow {
      const row = bookingRow(bookingId);
      // Another organization's booking is indistinguishable from a missing one.
      if (!row || row.organization_id !== caller.organizationId) throw notFound(`Booking ${bookingId}`);
      return row;
    },

    catalogEntry(packageId: number, propertyId: number): { pkg: CatalogPackage; property: CatalogProperty } {
      const pkg = findPackage(packageId);
      if (!pkg) throw notFound(`Package ${packageId}`);
      const property = pkg.properties.find((candidate) => candidate.id === propertyId);
      if (!property)
        throw invalid(`Property ${propertyId} is not part of package ${packageId}.`, [
          { field: 'property_id', problem: 'is not a property of this package' },
        ]);
      return { pkg, property };
    },

    mintOffer(caller: Caller, pkg: CatalogPackage, property: CatalogProperty, checkIn: string, checkOut: string, adults: number) {
      const quote = quoteStay(pkg, property, checkIn, checkOut, adults);
      if (!quote.available) return null;
      const total = risenPrice(caller, pkg.id, property.id, checkIn, checkOut, adults, quote.totalMinor) ?? quote.totalMinor;
      const id = Number(
        db
          .prepare(
            'INSERT INTO offers (organization_id, package_id, property_id, check_in, check_out, adults, total_minor, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(caller.organizationId, pkg.id, property.id, checkIn, checkOut, adults, total, quote.currency, isoNow()).lastInsertRowid,
      );
      return { id, total, currency: quote.currency };
    },

    /** Checks that the items match offers of this org, property and dates, one pax per priced adult. */
    itemOffers(caller: Caller, items: ApiItem[], packageId: number, propertyId: number, checkIn: string, checkOut: string): OfferRow[] {
      refuseDuplicateOffers(items);
      return items.map((item, index) => {
        const found = offer(caller, item.availability_id);
        const field = `items.${index}`;
        if (!found)
          throw invalid(`items[${index}].availability_id ${item.availability_id} is not an offer of yours; price the stay again.`, [
            { field: `${field}.availability_id`, problem: 'unknown offer' },
          ]);
        if (
          found.package_id !== packageId ||
          found.property_id !== propertyId ||
          found.check_in !== checkIn ||
          found.check_out !== checkOut
        ) {
          throw new ApiError('offer_mismatch', `Offer ${found.id} was priced for another property or other dates than this request.`, {
            fields: [{ field: `${field}.availability_id`, problem: 'priced for another property or other dates' }],
          });
        }
        if (item.paxes.length !== found.adults) {
          throw new ApiError(
            'pax_count_mismatch',
            `items[${index}] has ${item.paxes.length} paxes but the offer was priced for ${found.adults} adults; send one pax per priced guest.`,
            {
              fields: [{ field: `${field}.paxes`, problem: `must hold ${found.adults} paxes, one per priced adult` }],
            },
          );
        }
        if (item.paxes.some((pax) => pax.age < 18))
          throw invalid(`items[${index}] has a pax under 18; this service prices adults only.`, [
            { field: `${field}.paxes`, problem: 'age under 18' },
          ]);
        return found;
      });
    },
  };
  return context;
}

export type ServiceContext = ReturnType<typeof createContext>;
