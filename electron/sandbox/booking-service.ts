import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import {
  availabilityRequestSchema,
  bookRequestSchema,
  cancelRequestSchema,
  modificationRequestSchema,
  prebookRequestSchema,
} from '../../shared/api';
import type { ApiItem, Changes } from '../../shared/api';
import { transaction } from '../core/database';
import { ApiError, notFound } from './api-error';
import { findPackage, searchCatalog } from './catalog';
import type { CatalogPackage, CatalogProperty } from './catalog';
import type { TrainingControls } from './controls';
import { nightsBetween, quoteStay } from './pricing';
import { cardBehaviour, DECLINE_MESSAGES } from './test-cards';

export interface Caller {
  organizationId: number;
  keyKind: 'test' | 'live';
}

type BookingRow = {
  id: number;
  organization_id: number;
  package_id: number;
  property_id: number;
  check_in: string;
  check_out: string;
  holder: string;
  items: string;
  total_minor: number;
  currency: string;
  status: string;
  booking_reference: string | null;
  client_reference: string | null;
  supplier_outcome: string | null;
  confirm_due_at: string | null;
};

type OfferRow = {
  id: number;
  organization_id: number;
  package_id: number;
  property_id: number;
  check_in: string;
  check_out: string;
  adults: number;
  total_minor: number;
  currency: string;
};

/** Statuses of this service. "Confirming" and "Failed" are its own choices (docs/service-behaviour.md). */
export const STATUS = { pending: 'Pending', confirming: 'Confirming', paid: 'Paid', cancelled: 'Cancelled', failed: 'Failed' } as const;

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function code(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('');
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', problem: issue.message }));
  const first = details[0];
  throw new ApiError(422, 'validation_failed', `The request has invalid fields: ${first ? `${first.field} ${first.problem}` : 'unknown'}.`, { details });
}

const requireLive = (caller: Caller) => {
  if (caller.keyKind !== 'live') throw new ApiError(403, 'live_key_required', 'This operation needs a live key (sk_live_…); a test key was sent.');
};

/** Items compared as the service stores them: availability ids and pax ages, in order. */
/** An offer is one room: items that list it twice would hold it twice. */
function refuseDuplicateOffers(items: ApiItem[]): void {
  const seen = new Map<number, number>();
  for (const [index, item] of items.entries()) {
    const first = seen.get(item.availability_id);
    if (first !== undefined) {
      throw new ApiError(422, 'duplicate_offer', `items[${index}] books offer ${item.availability_id} again (already in items[${first}]); an offer is one room, so list each once.`, {
        details: [{ field: `items.${index}.availability_id`, problem: `same offer as items.${first}` }],
      });
    }
    seen.set(item.availability_id, index);
  }
}

const sameHold = (made: BookingRow, request: { package_id: number; inventory_item_id: number; check_in: string; check_out: string; holder: unknown; items: ApiItem[] }) =>
  made.package_id === request.package_id &&
  made.property_id === request.inventory_item_id &&
  made.check_in === request.check_in &&
  made.check_out === request.check_out &&
  made.items === canonicalItems(request.items) &&
  made.holder === JSON.stringify(request.holder);

const canonicalItems = (items: ApiItem[]) => JSON.stringify(items.map((item) => ({ availability_id: item.availability_id, paxes: item.paxes.map((pax) => ({ age: pax.age })) })));

function checkStayDates(checkIn: string, checkOut: string, today: string): void {
  const nights = nightsBetween(checkIn, checkOut);
  if (checkIn < today) throw new ApiError(422, 'validation_failed', `check_in ${checkIn} is in the past.`, { details: [{ field: 'check_in', problem: 'is in the past' }] });
  if (nights < 1) throw new ApiError(422, 'validation_failed', 'check_out must be at least one night after check_in.', { details: [{ field: 'check_out', problem: 'is not after check_in' }] });
  if (nights > 30) throw new ApiError(422, 'validation_failed', 'A stay is at most 30 nights.', { details: [{ field: 'check_out', problem: 'more than 30 nights after check_in' }] });
}

/** The booking operations of the built-in service, on its own SQLite database. */
export function createBookingService(db: DatabaseSync, controls: TrainingControls, options: { publicUrl: () => string; now?: () => number }) {
  const now = options.now ?? Date.now;
  const isoNow = () => new Date(now()).toISOString();
  const today = () => isoNow().slice(0, 10);

  const logEvent = (bookingId: number, type: string, data: Record<string, unknown> = {}) =>
    db.prepare('INSERT INTO events (booking_id, type, data, at) VALUES (?, ?, ?, ?)').run(bookingId, type, JSON.stringify(data), isoNow());

  const recordPayment = (booking: BookingRow, kind: string, amount: number, extra: { pm?: string; pi?: string; modification?: string } = {}) =>
    db
      .prepare('INSERT INTO payments (booking_id, kind, amount_minor, currency, payment_method_id, payment_intent_id, modification_reference, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(booking.id, kind, amount, booking.currency, extra.pm ?? null, extra.pi ?? null, extra.modification ?? null, isoNow());

  const setStatus = (bookingId: number, status: string) => db.prepare('UPDATE bookings SET status = ?, updated_at = ? WHERE id = ?').run(status, isoNow(), bookingId);

  function ownBooking(caller: Caller, bookingId: number): BookingRow {
    const row = db.prepare('SELECT * FROM bookings WHERE id = ?').get(bookingId) as BookingRow | undefined;
    // Another organization's booking is indistinguishable from a missing one.
    if (!row || row.organization_id !== caller.organizationId) throw notFound(`Booking ${bookingId}`);
    return row;
  }

  function catalogEntry(packageId: number, propertyId: number): { pkg: CatalogPackage; property: CatalogProperty } {
    const pkg = findPackage(packageId);
    if (!pkg) throw notFound(`Package ${packageId}`);
    const property = pkg.properties.find((candidate) => candidate.id === propertyId);
    if (!property) throw new ApiError(422, 'validation_failed', `Property ${propertyId} is not part of package ${packageId}.`, { details: [{ field: 'property_id', problem: 'is not a property of this package' }] });
    return { pkg, property };
  }

  function offer(caller: Caller, availabilityId: number): OfferRow | undefined {
    const row = db.prepare('SELECT * FROM offers WHERE id = ?').get(availabilityId) as OfferRow | undefined;
    return row && row.organization_id === caller.organizationId ? row : undefined;
  }

  function mintOffer(caller: Caller, pkg: CatalogPackage, property: CatalogProperty, checkIn: string, checkOut: string, adults: number) {
    const quote = quoteStay(pkg, property, checkIn, checkOut, adults);
    if (!quote.available) return null;
    const id = Number(
      db
        .prepare('INSERT INTO offers (organization_id, package_id, property_id, check_in, check_out, adults, total_minor, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(caller.organizationId, pkg.id, property.id, checkIn, checkOut, adults, quote.totalMinor, quote.currency, isoNow()).lastInsertRowid,
    );
    return { id, total: quote.totalMinor, currency: quote.currency };
  }

  /** Checks that the items match offers of this org, property and dates, one pax per priced adult. */
  function itemOffers(caller: Caller, items: ApiItem[], packageId: number, propertyId: number, checkIn: string, checkOut: string): OfferRow[] {
    refuseDuplicateOffers(items);
    return items.map((item, index) => {
      const found = offer(caller, item.availability_id);
      if (!found) throw new ApiError(422, 'validation_failed', `items[${index}].availability_id ${item.availability_id} is not an offer of yours; price the stay again.`, { details: [{ field: `items.${index}.availability_id`, problem: 'unknown offer' }] });
      if (found.package_id !== packageId || found.property_id !== propertyId || found.check_in !== checkIn || found.check_out !== checkOut) {
        throw new ApiError(422, 'offer_mismatch', `Offer ${found.id} was priced for another property or other dates than this request.`);
      }
      if (item.paxes.length !== found.adults) {
        throw new ApiError(422, 'pax_count_mismatch', `items[${index}] has ${item.paxes.length} paxes but the offer was priced for ${found.adults} adults; send one pax per priced guest.`);
      }
      if (item.paxes.some((pax) => pax.age < 18)) {
        throw new ApiError(422, 'validation_failed', `items[${index}] has a pax under 18; this service prices adults only.`, { details: [{ field: `items.${index}.paxes`, problem: 'age under 18' }] });
      }
      return found;
    });
  }

  /** Runs supplier confirmation for every booking whose confirmation is due. */
  function settleDue(onlyBookingId?: number): void {
    const due = (
      onlyBookingId === undefined
        ? db.prepare('SELECT * FROM bookings WHERE status = ? AND confirm_due_at <= ?').all(STATUS.confirming, isoNow())
        : db.prepare('SELECT * FROM bookings WHERE status = ? AND confirm_due_at <= ? AND id = ?').all(STATUS.confirming, isoNow(), onlyBookingId)
    ) as BookingRow[];
    for (const booking of due) {
      transaction(db, () => {
        if (booking.supplier_outcome === 'reject') {
          setStatus(booking.id, STATUS.failed);
          recordPayment(booking, 'release', booking.total_minor);
          logEvent(booking.id, 'supplier_rejected');
        } else {
          setStatus(booking.id, STATUS.paid);
          recordPayment(booking, 'capture', booking.total_minor);
          logEvent(booking.id, 'supplier_confirmed');
        }
        db.prepare('UPDATE bookings SET confirm_due_at = NULL WHERE id = ?').run(booking.id);
      });
    }
  }

  /** Authorizes, then hands the booking to the supplier; called for a good card or an approved 3-D Secure. */
  function authorize(booking: BookingRow, clientReference: string | undefined, payment: { pm?: string; pi?: string }) {
    const reference = `PKD${code(7)}`;
    const dueAt = new Date(now() + controls.current.supplierDelayMs).toISOString();
    transaction(db, () => {
      recordPayment(booking, 'authorization', booking.total_minor, payment);
      db.prepare('UPDATE bookings SET status = ?, booking_reference = ?, client_reference = ?, supplier_outcome = ?, confirm_due_at = ?, updated_at = ? WHERE id = ?').run(
        STATUS.confirming,
        reference,
        clientReference ?? null,
        controls.current.supplierOutcome,
        dueAt,
        isoNow(),
        booking.id,
      );
      if (payment.pi) db.prepare("UPDATE payment_intents SET status = 'used' WHERE id = ?").run(payment.pi);
      logEvent(booking.id, 'authorized', { amount_minor: booking.total_minor, currency: booking.currency });
    });
    controls.scheduleSettlement(controls.current.supplierDelayMs);
    return { success: 'Booking confirmed', id: booking.id, status: 'success', booking_reference: reference };
  }

  /** New dates and items of a modification, and the new total; throws if the change cannot be made. */
  function plannedChange(caller: Caller, booking: BookingRow, changes: Changes) {
    const checkIn = changes.booking?.dates.check_in ?? booking.check_in;
    const checkOut = changes.booking?.dates.check_out ?? booking.check_out;
    if (changes.booking) checkStayDates(checkIn, checkOut, today());
    const currentItems = JSON.parse(booking.items) as ApiItem[];
    const replaced = new Map<number, number>();
    for (const [index, room] of (changes.rooms ?? []).entries()) {
      if (!currentItems.some((item) => item.availability_id === room.availability_id)) {
        throw new ApiError(422, 'validation_failed', `rooms[${index}].availability_id ${room.availability_id} is not a room of this booking.`, { details: [{ field: `changes.rooms.${index}.availability_id`, problem: 'not a room of this booking' }] });
      }
      replaced.set(room.availability_id, room.selected_availability_id);
    }
    let propertyId = booking.property_id;
    const newItems: ApiItem[] = [];
    let total = 0;
    for (const item of currentItems) {
      const selectedId = replaced.get(item.availability_id);
      if (selectedId !== undefined) {
        const selected = offer(caller, selectedId);
        if (!selected || selected.package_id !== booking.package_id) throw new ApiError(422, 'validation_failed', `selected_availability_id ${selectedId} is not an offer for this package; price the new room first.`);
        if (selected.check_in !== checkIn || selected.check_out !== checkOut) throw new ApiError(422, 'offer_mismatch', `Offer ${selectedId} was priced for ${selected.check_in} to ${selected.check_out}, not for the booking's dates ${checkIn} to ${checkOut}.`);
        if (selected.adults !== item.paxes.length) throw new ApiError(422, 'pax_count_mismatch', `Offer ${selectedId} is for ${selected.adults} adults but the room has ${item.paxes.length} guests.`);
        propertyId = selected.property_id;
        newItems.push({ availability_id: selected.id, paxes: item.paxes });
        total += selected.total_minor;
      } else {
        const current = offer(caller, item.availability_id) as OfferRow;
        if (current.check_in === checkIn && current.check_out === checkOut) {
          newItems.push(item);
          total += current.total_minor;
        } else {
          const { pkg, property } = catalogEntry(booking.package_id, current.property_id);
          const repriced = mintOffer(caller, pkg, property, checkIn, checkOut, current.adults);
          if (!repriced) throw new ApiError(409, 'not_available', `${property.name} is sold out on some of the nights from ${checkIn} to ${checkOut}.`);
          newItems.push({ availability_id: repriced.id, paxes: item.paxes });
          total += repriced.total;
        }
      }
    }
    const diff = total - booking.total_minor;
    return { checkIn, checkOut, propertyId, newItems, total, diff };
  }

  function modifiable(caller: Caller, bookingId: number): BookingRow {
    const booking = ownBooking(caller, bookingId);
    if (booking.status !== STATUS.paid) throw new ApiError(409, 'invalid_state', `Booking ${bookingId} is ${booking.status}; only a Paid booking can be modified.`);
    const open = db.prepare("SELECT reference FROM modifications WHERE booking_id = ? AND status = 'payment_required'").get(bookingId) as { reference: string } | undefined;
    if (open) throw new ApiError(409, 'modification_pending', `Modification ${open.reference} of booking ${bookingId} is waiting for payment; pay it before making another change.`);
    return booking;
  }

  function applyChange(booking: BookingRow, change: ReturnType<typeof plannedChange>): void {
    db.prepare('UPDATE bookings SET check_in = ?, check_out = ?, property_id = ?, items = ?, total_minor = ?, status = ?, updated_at = ? WHERE id = ?').run(
      change.checkIn,
      change.checkOut,
      change.propertyId,
      JSON.stringify(change.newItems),
      change.total,
      STATUS.paid,
      isoNow(),
      booking.id,
    );
  }

  const summary = (diff: number) => ({
    net_price_diff: diff,
    direction: diff > 0 ? 'charge' : diff < 0 ? 'refund' : 'none',
    payment_required: diff > 0,
    payment_amount: Math.max(diff, 0),
    refund_amount: Math.max(-diff, 0),
  });

  return {
    settleDue,

    authenticate(header: string | undefined): Caller {
      const key = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
      const row = key ? (db.prepare('SELECT organization_id, kind FROM api_keys WHERE key = ?').get(key) as { organization_id: number; kind: 'test' | 'live' } | undefined) : undefined;
      if (!row) throw new ApiError(401, 'unauthorized', 'Send a valid API key as "Authorization: Bearer sk_test_…" or "sk_live_…".');
      return { organizationId: Number(row.organization_id), keyKind: row.kind };
    },

    search(title: string) {
      return { data: searchCatalog(title).map((pkg) => ({ id: pkg.id, title: pkg.title, properties: pkg.properties.map(({ id, name }) => ({ id, name })) })) };
    },

    availability(caller: Caller, packageId: number, body: unknown) {
      const request = parseBody(availabilityRequestSchema, body);
      const { pkg, property } = catalogEntry(packageId, request.property_id);
      checkStayDates(request.check_in, request.check_out, today());
      if (request.mode !== 'prebook') {
        if (request.items) throw new ApiError(422, 'validation_failed', 'items are sent only with mode "prebook".', { details: [{ field: 'items', problem: 'only with mode prebook' }] });
        const minted = mintOffer(caller, pkg, property, request.check_in, request.check_out, request.adults);
        return { data: minted ? { available: true, total_price_cents: minted.total, currency: minted.currency, availability_id: minted.id } : { available: false, currency: pkg.currency } };
      }
      requireLive(caller);
      if (!request.items) throw new ApiError(422, 'validation_failed', 'mode "prebook" needs items with the availability_id from pricing.', { details: [{ field: 'items', problem: 'required with mode prebook' }] });
      const offers = itemOffers(caller, request.items, pkg.id, property.id, request.check_in, request.check_out);
      const mismatch = offers.find((found) => found.adults !== request.adults);
      if (mismatch) throw new ApiError(422, 'pax_count_mismatch', `adults is ${request.adults} but offer ${mismatch.id} was priced for ${mismatch.adults}.`);
      // Hex, so no id of ours can ever look like a card number written with dashes or underscores.
      const token = `pbt_${randomBytes(18).toString('hex')}`;
      const expiresAt = new Date(now() + controls.current.tokenLifetimeMs).toISOString();
      db.prepare('INSERT INTO prebook_tokens (token, organization_id, package_id, property_id, check_in, check_out, items, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        token,
        caller.organizationId,
        pkg.id,
        property.id,
        request.check_in,
        request.check_out,
        canonicalItems(request.items),
        expiresAt,
      );
      return { data: { available: true, prebook_token: token, expires_at: expiresAt } };
    },

    prebook(caller: Caller, body: unknown) {
      requireLive(caller);
      const request = parseBody(prebookRequestSchema, body);
      refuseDuplicateOffers(request.items);
      const token = db.prepare('SELECT * FROM prebook_tokens WHERE token = ?').get(request.prebook_token) as
        | { organization_id: number; package_id: number; property_id: number; check_in: string; check_out: string; items: string; expires_at: string; used_at: string | null; booking_id: number | null }
        | undefined;
      if (!token || token.organization_id !== caller.organizationId) throw new ApiError(422, 'token_invalid', 'This prebook_token was not issued to you; get a new one from the availability endpoint with mode "prebook".');
      if (token.used_at) {
        // The same request again (a retry after a lost answer) learns the hold it made; anything else is refused.
        const made = token.booking_id === null ? undefined : (db.prepare('SELECT * FROM bookings WHERE id = ?').get(token.booking_id) as BookingRow | undefined);
        if (made && made.organization_id === caller.organizationId && sameHold(made, request)) return { success: 'Booking created', id: made.id, status: made.status };
        throw new ApiError(409, 'token_used', `This prebook_token was already used at ${token.used_at}; a token makes one hold only.`);
      }
      if (token.expires_at <= isoNow()) throw new ApiError(410, 'token_expired', `This prebook_token expired at ${token.expires_at}; price the stay again and get a new token.`);
      if (token.package_id !== request.package_id || token.property_id !== request.inventory_item_id) {
        throw new ApiError(422, 'token_property_mismatch', `The token was made for package ${token.package_id}, property ${token.property_id}; this prebook names package ${request.package_id}, property ${request.inventory_item_id}.`);
      }
      if (token.check_in !== request.check_in || token.check_out !== request.check_out) {
        throw new ApiError(422, 'token_dates_mismatch', `The token was made for ${token.check_in} to ${token.check_out}; this prebook asks for ${request.check_in} to ${request.check_out}.`);
      }
      if (token.items !== canonicalItems(request.items)) {
        throw new ApiError(422, 'token_items_mismatch', 'The items differ from those the token was made for (availability ids or pax ages); send exactly the same items.');
      }
      const offers = itemOffers(caller, request.items, request.package_id, request.inventory_item_id, request.check_in, request.check_out);
      const total = offers.reduce((sum, found) => sum + found.total_minor, 0);
      const currency = offers[0]?.currency ?? 'EUR';
      const id = transaction(db, () => {
        const inserted = Number(
          db
            .prepare('INSERT INTO bookings (organization_id, package_id, property_id, check_in, check_out, holder, items, total_minor, currency, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
            .run(caller.organizationId, request.package_id, request.inventory_item_id, request.check_in, request.check_out, JSON.stringify(request.holder), canonicalItems(request.items), total, currency, STATUS.pending, isoNow(), isoNow())
            .lastInsertRowid,
        );
        db.prepare('UPDATE prebook_tokens SET used_at = ?, booking_id = ? WHERE token = ?').run(isoNow(), inserted, request.prebook_token);
        logEvent(inserted, 'prebooked', { total_minor: total, currency });
        return inserted;
      });
      return { success: 'Booking created', id, status: STATUS.pending };
    },

    book(caller: Caller, bookingId: number, body: unknown) {
      requireLive(caller);
      const request = parseBody(bookRequestSchema, body);
      const booking = ownBooking(caller, bookingId);
      if (booking.status !== STATUS.pending) {
        throw new ApiError(409, booking.booking_reference ? 'already_booked' : 'invalid_state', `Booking ${bookingId} is ${booking.status}${booking.booking_reference ? ` with reference ${booking.booking_reference}` : ''}; only a Pending booking can be booked.`);
      }
      if (request.payment_intent_id) {
        const intent = db.prepare('SELECT * FROM payment_intents WHERE id = ? AND booking_id = ?').get(request.payment_intent_id, bookingId) as { id: string; client_secret: string; status: string; payment_method_id: string } | undefined;
        if (!intent) throw new ApiError(422, 'payment_intent_invalid', `${request.payment_intent_id} is not a payment intent of booking ${bookingId}.`);
        if (intent.status === 'requires_action') {
          throw new ApiError(402, 'payment_requires_action', '3-D Secure has not been completed for this payment yet.', { payment_intent_id: intent.id, client_secret: intent.client_secret });
        }
        if (intent.status === 'failed') {
          throw new ApiError(402, 'card_declined', DECLINE_MESSAGES.authentication_failed as string, { decline_code: 'authentication_failed' });
        }
        if (intent.status === 'used') throw new ApiError(409, 'payment_intent_used', `${intent.id} has already paid for a booking.`);
        return authorize(booking, request.client_reference, { pm: intent.payment_method_id, pi: intent.id });
      }
      const paymentMethod = request.payment_method_id as string;
      const behaviour = cardBehaviour(paymentMethod);
      if (behaviour.kind === 'declined') {
        logEvent(booking.id, 'card_declined', { decline_code: behaviour.declineCode });
        throw new ApiError(402, 'card_declined', DECLINE_MESSAGES[behaviour.declineCode] ?? 'The card was declined.', { decline_code: behaviour.declineCode });
      }
      if (behaviour.kind === 'requires_action') {
        const intentId = `pi_${randomBytes(12).toString('hex')}`;
        const secret = `${intentId}_secret_${randomBytes(12).toString('hex')}`;
        transaction(db, () => {
          db.prepare("INSERT INTO payment_intents (id, booking_id, client_secret, payment_method_id, status, created_at) VALUES (?, ?, ?, ?, 'requires_action', ?)").run(intentId, booking.id, secret, paymentMethod, isoNow());
          logEvent(booking.id, 'payment_requires_action', { payment_intent_id: intentId });
        });
        throw new ApiError(402, 'payment_requires_action', 'The card needs 3-D Secure authentication.', { payment_intent_id: intentId, client_secret: secret });
      }
      return authorize(booking, request.client_reference, { pm: paymentMethod });
    },

    getBooking(caller: Caller, bookingId: number) {
      requireLive(caller);
      ownBooking(caller, bookingId);
      settleDue(bookingId);
      const booking = ownBooking(caller, bookingId);
      return {
        data: {
          id: booking.id,
          status: booking.status,
          booking_reference: booking.booking_reference,
          check_in: booking.check_in,
          check_out: booking.check_out,
          total_price_cents: booking.total_minor,
          currency: booking.currency,
          items: JSON.parse(booking.items) as ApiItem[],
        },
      };
    },

    cancel(caller: Caller, bookingId: number, body: unknown) {
      requireLive(caller);
      const request = parseBody(cancelRequestSchema, body);
      settleDue(bookingId);
      const booking = ownBooking(caller, bookingId);
      if (booking.status === STATUS.cancelled) throw new ApiError(409, 'already_cancelled', `Booking ${bookingId} is already cancelled.`);
      if (booking.status === STATUS.failed) throw new ApiError(409, 'invalid_state', `Booking ${bookingId} failed at the supplier and holds nothing to cancel.`);
      transaction(db, () => {
        if (booking.status === STATUS.confirming) recordPayment(booking, 'release', booking.total_minor);
        if (booking.status === STATUS.paid) recordPayment(booking, 'refund', booking.total_minor);
        db.prepare('UPDATE bookings SET status = ?, cancellation_reason = ?, confirm_due_at = NULL, updated_at = ? WHERE id = ?').run(STATUS.cancelled, request.cancellation_reason, isoNow(), bookingId);
        logEvent(bookingId, 'cancelled', { reason: request.cancellation_reason, previous_status: booking.status });
      });
      return { success: 'Booking cancelled', id: bookingId, status: STATUS.cancelled };
    },

    previewModification(caller: Caller, bookingId: number, body: unknown) {
      const request = parseBody(modificationRequestSchema, body);
      settleDue(bookingId);
      const booking = modifiable(caller, bookingId);
      const change = plannedChange(caller, booking, request.changes);
      return { data: { booking_id: bookingId, status: 'preview', price_summary: summary(change.diff) } };
    },

    confirmModification(caller: Caller, bookingId: number, body: unknown) {
      requireLive(caller);
      const request = parseBody(modificationRequestSchema, body);
      settleDue(bookingId);
      const booking = modifiable(caller, bookingId);
      const change = plannedChange(caller, booking, request.changes);
      const reference = `MOD${code(7)}`;
      const row = [reference, bookingId, JSON.stringify(request.changes), change.checkIn, change.checkOut, change.propertyId, JSON.stringify(change.newItems), change.total, change.diff] as const;
      const insert = 'INSERT INTO modifications (reference, booking_id, changes, new_check_in, new_check_out, new_property_id, new_items, new_total_minor, net_diff, status, created_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
      if (change.diff > 0) {
        transaction(db, () => {
          db.prepare(insert).run(...row, 'payment_required', isoNow(), null);
          logEvent(bookingId, 'modification_payment_required', { reference, amount_minor: change.diff });
        });
        return { status: 'payment_required', payment_link: `${options.publicUrl()}/sandbox/pay/modification/${reference}`, modification_reference: reference };
      }
      transaction(db, () => {
        db.prepare(insert).run(...row, 'completed', isoNow(), isoNow());
        applyChange(booking, change);
        if (change.diff < 0) recordPayment(booking, 'refund', -change.diff, { modification: reference });
        logEvent(bookingId, 'modified', { reference, net_price_diff: change.diff });
      });
      return { status: 'completed', booking: { id: bookingId, status: STATUS.paid } };
    },

    /** The payment page of a modification that costs more: paying applies the change. */
    modificationForPayment(reference: string) {
      const row = db.prepare('SELECT m.*, b.currency, b.organization_id FROM modifications m JOIN bookings b ON b.id = m.booking_id WHERE m.reference = ?').get(reference) as
        | { reference: string; booking_id: number; net_diff: number; status: string; currency: string }
        | undefined;
      if (!row) throw notFound(`Modification ${reference}`);
      return row;
    },

    payModification(reference: string) {
      const modification = db.prepare('SELECT * FROM modifications WHERE reference = ?').get(reference) as
        | { booking_id: number; status: string; new_check_in: string; new_check_out: string; new_property_id: number; new_items: string; new_total_minor: number; net_diff: number }
        | undefined;
      if (!modification) throw notFound(`Modification ${reference}`);
      if (modification.status !== 'payment_required') throw new ApiError(409, 'already_paid', `Modification ${reference} is already paid and applied.`);
      const booking = db.prepare('SELECT * FROM bookings WHERE id = ?').get(modification.booking_id) as BookingRow;
      if (booking.status !== STATUS.paid) throw new ApiError(409, 'invalid_state', `Booking ${booking.id} is ${booking.status}; the change can no longer be applied.`);
      transaction(db, () => {
        applyChange(booking, {
          checkIn: modification.new_check_in,
          checkOut: modification.new_check_out,
          propertyId: modification.new_property_id,
          newItems: JSON.parse(modification.new_items) as ApiItem[],
          total: modification.new_total_minor,
          diff: modification.net_diff,
        });
        recordPayment(booking, 'charge', modification.net_diff, { modification: reference });
        db.prepare("UPDATE modifications SET status = 'completed', completed_at = ? WHERE reference = ?").run(isoNow(), reference);
        logEvent(booking.id, 'modified', { reference, net_price_diff: modification.net_diff, paid: true });
      });
    },

    /** The 3-D Secure challenge: the client secret must match, as Stripe requires. */
    challenge(intentId: string, clientSecret: string) {
      const intent = db.prepare('SELECT * FROM payment_intents WHERE id = ?').get(intentId) as { id: string; booking_id: number; client_secret: string; status: string } | undefined;
      if (!intent || intent.client_secret !== clientSecret) throw notFound(`Payment ${intentId}`);
      const booking = db.prepare('SELECT total_minor, currency FROM bookings WHERE id = ?').get(intent.booking_id) as { total_minor: number; currency: string };
      return { ...intent, amountMinor: booking.total_minor, currency: booking.currency };
    },

    completeChallenge(intentId: string, clientSecret: string, outcome: 'approve' | 'fail') {
      const intent = this.challenge(intentId, clientSecret);
      if (intent.status !== 'requires_action') throw new ApiError(409, 'challenge_finished', 'This authentication was already completed.');
      transaction(db, () => {
        db.prepare('UPDATE payment_intents SET status = ? WHERE id = ?').run(outcome === 'approve' ? 'succeeded' : 'failed', intentId);
        logEvent(intent.booking_id, outcome === 'approve' ? 'authentication_succeeded' : 'authentication_failed', { payment_intent_id: intentId });
      });
    },

    /** Read-only views for tests and the training controls: payments and events of a booking. */
    ledger(bookingId: number) {
      return {
        payments: db.prepare('SELECT kind, amount_minor, currency, payment_method_id, payment_intent_id, modification_reference FROM payments WHERE booking_id = ? ORDER BY id').all(bookingId),
        events: db.prepare('SELECT type, data FROM events WHERE booking_id = ? ORDER BY id').all(bookingId),
        booking: db.prepare('SELECT * FROM bookings WHERE id = ?').get(bookingId) as BookingRow | undefined,
      };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
