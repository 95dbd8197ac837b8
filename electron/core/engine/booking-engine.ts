import { randomUUID } from 'node:crypto';
import type { ApiItem, Changes } from '../../../shared/api';
import type { AvailableQuote, BookingRecord, ChangeRequest, Hold, HolderInput, PayOutcome, PriceSummary, Quote, StayRequest } from '../../../shared/bookings';
import { UNCONFIRMED_HOLD } from '../../../shared/bookings';
import { AppError } from '../app-error';
import type { ApiClient, BookOutcome } from '../api/client';
import { ServiceError } from '../api/service-errors';
import type { EventHub } from '../events';
import type { Ledger } from '../ledger/ledger';
import type { ProfileRecord } from '../profiles';
import { createBookingLocks } from './booking-locks';
import { declineWords } from './decline-words';

export interface EngineDeps {
  ledger: Ledger;
  events: EventHub;
  profile: (id: number) => ProfileRecord;
  activeProfile: () => ProfileRecord;
  clientFor: (profile: ProfileRecord) => ApiClient;
  isOnline: () => boolean;
  /** The built-in service's 3-D Secure page for this payment, or null for a real service. */
  challengeUrl: (profile: ProfileRecord, paymentIntentId: string, clientSecret: string) => string | null;
  now?: () => number;
  /** A token with less life than this is not sent; the stay is priced and held again. */
  tokenSafetyMs?: number;
}

interface HeldStay {
  profileId: number;
  quote: AvailableQuote;
  paxAges: number[];
  token: string;
  expiresAt: string;
}

const nightsOf = (checkIn: string, checkOut: string) => Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
const itemsOf = (quote: AvailableQuote, paxAges: number[]): ApiItem[] => [{ availability_id: quote.availabilityId, paxes: paxAges.map((age) => ({ age })) }];

function offlineError(): AppError {
  return new AppError('offline', 'The booking service cannot be reached, so nothing was sent.', 'Check the connection. The booking history stays readable; try again when the indicator shows Online.');
}

/** When an answer is lost, the agent must know not to try again blindly. */
function outcomeUnknown(what: string): AppError {
  return new AppError(
    'outcome_unknown',
    `The booking service did not answer, so Packdesk cannot yet tell whether ${what}.`,
    'Do not repeat it. Packdesk keeps checking with the service and updates the booking in Bookings; it is marked for your attention.',
  );
}

/** The booking flows, on the service client and the counter's ledger. Every write is journaled before and after. */
export function createBookingEngine(deps: EngineDeps) {
  const { ledger } = deps;
  const now = deps.now ?? Date.now;
  const tokenSafetyMs = deps.tokenSafetyMs ?? 10_000;
  const holds = new Map<string, HeldStay>();
  const previews = new Map<string, PriceSummary>();
  const pendingActions = new Map<number, { paymentIntentId: string; clientSecret: string }>();
  const locks = createBookingLocks();

  const changed = (booking: BookingRecord) => {
    deps.events.emit('event:booking-change', { bookingId: booking.id, profileId: booking.profileId, status: booking.status });
    return booking;
  };

  function requireOnline(): void {
    if (!deps.isOnline()) throw offlineError();
  }

  function bookingOf(id: number): BookingRecord {
    const booking = ledger.get(id);
    if (!booking) throw new AppError('booking_not_found', `There is no booking ${id} in this counter’s history.`, 'Search for it in Bookings.');
    return booking;
  }

  function serviceIdOf(booking: BookingRecord): number {
    if (booking.serviceBookingId === null) {
      throw new AppError('booking_id_unknown', 'The service’s number for this booking was lost, so it cannot be changed from here.', 'Contact the booking service’s support with the client reference to find the hold.');
    }
    return booking.serviceBookingId;
  }

  async function price(profile: ProfileRecord, stay: StayRequest): Promise<Quote> {
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    if (nights < 1) throw new AppError('invalid_dates', 'Check-out must be after check-in.', 'Pick a check-out date at least one night after check-in.');
    const answer = await deps.clientFor(profile).price(stay.packageId, { check_in: stay.checkIn, check_out: stay.checkOut, adults: stay.adults, property_id: stay.propertyId });
    const data = answer.data;
    if (!data.available || data.availability_id === undefined || data.total_price_cents === undefined || !data.currency) {
      return { ...stay, available: false, currency: data.currency ?? null, nights };
    }
    return { ...stay, available: true, availabilityId: data.availability_id, totalMinor: data.total_price_cents, currency: data.currency, nights, perNightMinor: Math.round(data.total_price_cents / nights) };
  }

  async function mint(profile: ProfileRecord, quote: AvailableQuote, paxAges: number[]): Promise<{ token: string; expiresAt: string }> {
    const answer = await deps.clientFor(profile).mintPrebookToken(quote.packageId, {
      check_in: quote.checkIn,
      check_out: quote.checkOut,
      adults: quote.adults,
      property_id: quote.propertyId,
      items: itemsOf(quote, paxAges),
    });
    if (!answer.data.available || !answer.data.prebook_token || !answer.data.expires_at) {
      throw new AppError('no_longer_available', 'The room is no longer available for these dates.', 'Choose other dates or another hotel of the package.');
    }
    return { token: answer.data.prebook_token, expiresAt: answer.data.expires_at };
  }

  /** Prices and holds again when the token is about to expire; a changed price is never accepted silently. */
  async function freshHold(holdId: string, held: HeldStay): Promise<HeldStay> {
    if (Date.parse(held.expiresAt) - now() > tokenSafetyMs) return held;
    const profile = deps.profile(held.profileId);
    const quote = await price(profile, held.quote);
    if (!quote.available) throw new AppError('no_longer_available', 'The hold expired and the room is no longer available for these dates.', 'Choose other dates or another hotel of the package.');
    const token = await mint(profile, quote, held.paxAges);
    const renewed = { ...held, quote, ...token };
    holds.set(holdId, renewed);
    if (quote.totalMinor !== held.quote.totalMinor) {
      throw new AppError('price_changed', `The hold expired and the new price is different: ${quote.totalMinor} instead of ${held.quote.totalMinor} (minor units, ${quote.currency}).`, 'Tell the traveler the new price; book again to accept it.');
    }
    return renewed;
  }

  /** Records the outcome of a book call that came back. */
  function applyBookOutcome(booking: BookingRecord, outcome: BookOutcome, profile: ProfileRecord): PayOutcome {
    if (outcome.kind === 'booked') {
      pendingActions.delete(booking.id);
      const updated = ledger.update(booking.id, { status: 'Booked', bookingReference: outcome.bookingReference, attention: null }, { type: 'booked', summary: `Payment authorized; supplier reference ${outcome.bookingReference}. Waiting for the supplier to confirm.` });
      return { kind: 'booked', booking: changed(updated) };
    }
    pendingActions.set(booking.id, { paymentIntentId: outcome.paymentIntentId, clientSecret: outcome.clientSecret });
    const updated = ledger.update(booking.id, {}, { type: 'payment_requires_action', summary: 'The card needs 3-D Secure; waiting for the cardholder.' });
    return { kind: 'requires_action', booking: updated, paymentIntentId: outcome.paymentIntentId, challengeUrl: deps.challengeUrl(profile, outcome.paymentIntentId, outcome.clientSecret) };
  }

  /** A book call whose answer was lost: the booking, read back, says whether it was paid. */
  async function reconcileBook(booking: BookingRecord, intentId: number, client: ApiClient): Promise<PayOutcome> {
    let read;
    try {
      read = await client.getBooking(serviceIdOf(booking));
    } catch {
      ledger.update(booking.id, { attention: 'A payment was sent but its answer was lost; Packdesk is checking whether it went through.' }, { type: 'payment_unknown', summary: 'Payment sent, answer lost; checking with the service.' });
      throw outcomeUnknown('the card was charged');
    }
    const { status, booking_reference: reference } = read.data;
    if (reference) {
      ledger.finishIntent(intentId, 'reconciled_booked');
      const updated = ledger.update(booking.id, { status, bookingReference: reference, attention: null }, { type: 'reconciled', summary: `The answer was lost, but the service shows the booking paid (${status}, reference ${reference}). Charged once.` });
      return { kind: 'booked', booking: changed(updated) };
    }
    ledger.finishIntent(intentId, 'reconciled_not_booked');
    ledger.update(booking.id, { status }, { type: 'reconciled', summary: `The answer was lost; the service shows the booking still ${status}: nothing was charged.` });
    throw new AppError('payment_not_made', 'The payment did not go through and nothing was charged.', 'Try the payment again.');
  }

  async function book(bookingId: number, request: { payment_method_id?: string; payment_intent_id?: string; client_reference?: string }, what: string): Promise<PayOutcome> {
    return locks.run(bookingId, async () => {
      requireOnline();
      const booking = bookingOf(bookingId);
      if (booking.status !== 'Pending') {
        throw new AppError('not_payable', `Booking ${booking.clientReference} is ${booking.status}; only a held (Pending) booking can be paid.`, 'Refresh the booking to see its current status.');
      }
      const profile = deps.profile(booking.profileId);
      const client = deps.clientFor(profile);
      const intentId = ledger.beginIntent('book', booking.id, { serviceBookingId: booking.serviceBookingId, method: what, client_reference: request.client_reference });
      try {
        const outcome = await client.book(serviceIdOf(booking), request);
        ledger.finishIntent(intentId, outcome.kind);
        return applyBookOutcome(booking, outcome, profile);
      } catch (error) {
        if (error instanceof ServiceError && error.mayHaveReachedService) return reconcileBook(booking, intentId, client);
        ledger.finishIntent(intentId, error instanceof AppError ? `refused:${error.code}` : 'failed');
        if (error instanceof ServiceError && error.serviceCode === 'card_declined') {
          const code = typeof (error.body as { decline_code?: unknown })?.decline_code === 'string' ? (error.body as { decline_code: string }).decline_code : null;
          const words = declineWords(code);
          ledger.update(booking.id, {}, { type: 'card_declined', summary: `Card declined${code ? ` (${code})` : ''}: ${words.message}` });
          throw new AppError('card_declined', words.message, words.hint);
        }
        throw error;
      }
    });
  }

  /** Prebook whose answer was lost: the same token again. It cannot make a second hold; "used" means the first one exists. */
  async function retryLostPrebook(intentId: number, held: HeldStay, holder: HolderInput, clientReference: string, profile: ProfileRecord): Promise<BookingRecord> {
    const client = deps.clientFor(profile);
    const request = prebookRequest(held, holder);
    try {
      const answer = await client.prebook(request);
      ledger.finishIntent(intentId, 'ok_after_retry');
      return recordHold(held, holder, clientReference, answer.id, answer.status, profile, intentId, 'The first answer was lost; the retry with the same hold made it.');
    } catch (error) {
      if (error instanceof ServiceError && error.serviceCode === 'token_used') {
        const booking = ledger.insert(
          { ...bookingFields(held, holder, clientReference, profile), serviceBookingId: null, status: UNCONFIRMED_HOLD, bookingReference: null, attention: 'The service made this hold but its answer was lost, so its booking number is unknown. Contact the service’s support with the client reference before holding again.' },
          { type: 'hold_id_lost', summary: 'The service made the hold (its token is used) but the answer with its number was lost.' },
        );
        ledger.finishIntent(intentId, 'hold_id_lost', booking.id);
        return changed(booking);
      }
      // The service checks "used" before "expired": an expired or unknown token was never used, so no hold exists.
      if (error instanceof ServiceError && (error.serviceCode === 'token_expired' || error.serviceCode === 'token_invalid')) {
        ledger.finishIntent(intentId, 'no_hold');
        throw new AppError('hold_not_made', 'The hold was not made before its price expired.', 'Price the stay again and hold it.');
      }
      // Any other answer (a 429, a 503, a network error) does not say whether the first attempt made the
      // hold: the intent stays open, and reconciliation tries the same token again later.
      throw outcomeUnknown('the hold was made');
    }
  }

  function prebookRequest(held: HeldStay, holder: HolderInput) {
    return {
      package_id: held.quote.packageId,
      inventory_item_id: held.quote.propertyId,
      prebook_token: held.token,
      check_in: held.quote.checkIn,
      check_out: held.quote.checkOut,
      holder: { name: holder.name, surname: holder.surname, email: holder.email },
      items: itemsOf(held.quote, held.paxAges),
    };
  }

  function bookingFields(held: HeldStay, holder: HolderInput, clientReference: string, profile: ProfileRecord) {
    return {
      profileId: profile.id,
      profileKind: profile.kind,
      packageId: held.quote.packageId,
      packageTitle: held.quote.packageTitle,
      propertyId: held.quote.propertyId,
      propertyName: held.quote.propertyName,
      checkIn: held.quote.checkIn,
      checkOut: held.quote.checkOut,
      adults: held.quote.adults,
      holder,
      paxAges: held.paxAges,
      items: itemsOf(held.quote, held.paxAges),
      totalMinor: held.quote.totalMinor,
      currency: held.quote.currency,
      clientReference,
    };
  }

  function recordHold(held: HeldStay, holder: HolderInput, clientReference: string, serviceId: number, status: string, profile: ProfileRecord, intentId: number, note?: string): BookingRecord {
    const booking = ledger.insert(
      { ...bookingFields(held, holder, clientReference, profile), serviceBookingId: serviceId, status, bookingReference: null },
      { type: 'prebooked', summary: `Held as booking ${serviceId} (${status}).${note ? ` ${note}` : ''}` },
    );
    ledger.finishIntent(intentId, 'ok', booking.id);
    return changed(booking);
  }

  async function previewChange(change: ChangeRequest): Promise<PriceSummary> {
    const booking = bookingOf(change.bookingId);
    const answer = await deps.clientFor(deps.profile(booking.profileId)).previewModification(serviceIdOf(booking), changesFor(booking, change));
    const summary = answer.data.price_summary;
    const result = {
      netPriceDiffMinor: summary.net_price_diff,
      direction: summary.direction,
      paymentRequired: summary.payment_required,
      paymentAmountMinor: summary.payment_amount,
      refundAmountMinor: summary.refund_amount,
      currency: booking.currency,
    };
    previews.set(JSON.stringify(change), result);
    return result;
  }

  return {
    async search(title: string) {
      const answer = await deps.clientFor(deps.activeProfile()).search(title);
      return answer.data.map((entry) => ({ id: entry.id, title: entry.title, properties: entry.properties.map((property) => ({ id: property.id, name: property.name })) }));
    },

    price: (stay: StayRequest) => price(deps.activeProfile(), stay),

    /** Gets a prebook token for the priced offer and the guests' ages; the hold lives until its expiry. */
    async startHold(quote: AvailableQuote, paxAges: number[]): Promise<Hold> {
      if (paxAges.length !== quote.adults) {
        throw new AppError('pax_count_mismatch', `The stay was priced for ${quote.adults} adults, and ${paxAges.length} ages were given.`, 'Enter exactly one age per guest.');
      }
      requireOnline();
      const profile = deps.activeProfile();
      const token = await mint(profile, quote, paxAges);
      const holdId = randomUUID();
      holds.set(holdId, { profileId: profile.id, quote, paxAges, ...token });
      return { holdId, expiresAt: token.expiresAt, totalMinor: quote.totalMinor, currency: quote.currency };
    },

    /** Prebooks the hold with the traveler's details; the booking is in the history as soon as the service answers. */
    async prebook(holdId: string, holder: HolderInput): Promise<BookingRecord> {
      const found = holds.get(holdId);
      if (!found) throw new AppError('hold_not_found', 'This hold is no longer known to Packdesk (it was used or the app restarted).', 'Price the stay again.');
      requireOnline();
      let held = await freshHold(holdId, found);
      const profile = deps.profile(held.profileId);
      const client = deps.clientFor(profile);
      const clientReference = ledger.nextClientReference();
      for (let attempt = 1; ; attempt += 1) {
        const intentId = ledger.beginIntent('prebook', null, { profileId: profile.id, holdId, token: held.token, clientReference, quote: held.quote, paxAges: held.paxAges, holder });
        try {
          const answer = await client.prebook(prebookRequest(held, holder));
          holds.delete(holdId);
          return recordHold(held, holder, clientReference, answer.id, answer.status, profile, intentId);
        } catch (error) {
          if (error instanceof ServiceError && error.mayHaveReachedService) {
            holds.delete(holdId);
            return retryLostPrebook(intentId, held, holder, clientReference, profile);
          }
          ledger.finishIntent(intentId, error instanceof AppError ? `refused:${error.code}` : 'failed');
          // The service's clock said expired before ours did: hold again once (a refused prebook made nothing).
          if (error instanceof ServiceError && error.serviceCode === 'token_expired' && attempt === 1) {
            held = await freshHold(holdId, { ...held, expiresAt: new Date(0).toISOString() });
            continue;
          }
          throw error;
        }
      }
    },

    /** Pays with a payment method token (pm_…); the amount is never sent. */
    async pay(bookingId: number, paymentMethodId: string, clientReference?: string): Promise<PayOutcome> {
      const booking = bookingOf(bookingId);
      const reference = clientReference?.trim() || booking.clientReference;
      return book(bookingId, { payment_method_id: paymentMethodId, client_reference: reference }, 'card');
    },

    /** After 3-D Secure: books again with the payment intent. */
    async completeAuthentication(bookingId: number, paymentIntentId: string): Promise<PayOutcome> {
      const booking = bookingOf(bookingId);
      return book(bookingId, { payment_intent_id: paymentIntentId, client_reference: booking.clientReference }, '3-D Secure');
    },

    /** The 3-D Secure challenge waiting for a booking, for the payment window. Main process only. */
    pendingAction: (bookingId: number) => pendingActions.get(bookingId) ?? null,

    /** The built-in service's challenge page for a booking waiting for 3-D Secure; null against a real service. */
    challengeUrlFor(bookingId: number): string | null {
      const pending = pendingActions.get(bookingId);
      const booking = ledger.get(bookingId);
      return pending && booking ? deps.challengeUrl(deps.profile(booking.profileId), pending.paymentIntentId, pending.clientSecret) : null;
    },

    /** Reads the booking at the service and records any change. */
    async refresh(bookingId: number): Promise<BookingRecord> {
      const booking = bookingOf(bookingId);
      const answer = await deps.clientFor(deps.profile(booking.profileId)).getBooking(serviceIdOf(booking));
      const { status, booking_reference: reference } = answer.data;
      if (status === booking.status && (reference ?? null) === booking.bookingReference) return booking;
      const updated = ledger.update(booking.id, { status, ...(reference ? { bookingReference: reference } : {}) }, { type: 'status', summary: `Status is now ${status}${reference && reference !== booking.bookingReference ? `, reference ${reference}` : ''}.` });
      return changed(updated);
    },

    async cancel(bookingId: number, reason: string): Promise<BookingRecord> {
      return locks.run(bookingId, async () => {
        requireOnline();
        const booking = bookingOf(bookingId);
        if (booking.status === 'Cancelled') throw new AppError('already_cancelled', 'This booking is already cancelled.', 'Nothing more to do.');
        const client = deps.clientFor(deps.profile(booking.profileId));
        const intentId = ledger.beginIntent('cancel', booking.id, { reason });
        try {
          const answer = await client.cancel(serviceIdOf(booking), reason);
          ledger.finishIntent(intentId, 'ok');
          return changed(ledger.update(booking.id, { status: answer.status, attention: null }, { type: 'cancelled', summary: `Cancelled: ${reason}` }));
        } catch (error) {
          if (!(error instanceof ServiceError && error.mayHaveReachedService)) {
            ledger.finishIntent(intentId, error instanceof AppError ? `refused:${error.code}` : 'failed');
            throw error;
          }
          const read = await client.getBooking(serviceIdOf(booking)).catch(() => null);
          if (!read) {
            ledger.update(booking.id, { attention: 'A cancellation was sent but its answer was lost; Packdesk is checking whether it went through.' });
            throw outcomeUnknown('the booking was cancelled');
          }
          ledger.finishIntent(intentId, `reconciled:${read.data.status}`);
          const updated = ledger.update(booking.id, { status: read.data.status }, { type: 'reconciled', summary: `The cancellation’s answer was lost; the service shows the booking ${read.data.status}.` });
          if (read.data.status !== 'Cancelled') throw new AppError('cancel_not_made', 'The cancellation did not go through.', 'Try again.');
          return changed(updated);
        }
      });
    },

    previewChange,

    async confirmChange(change: ChangeRequest): Promise<BookingRecord> {
      return locks.run(change.bookingId, async () => {
        requireOnline();
        const booking = bookingOf(change.bookingId);
        const client = deps.clientFor(deps.profile(booking.profileId));
        const preview = previews.get(JSON.stringify(change)) ?? (await previewChange(change));
        const changes = changesFor(booking, change);
        const intentId = ledger.beginIntent('modification', booking.id, { changes });
        try {
          const result = await client.confirmModification(serviceIdOf(booking), changes);
          ledger.finishIntent(intentId, result.status);
          previews.delete(JSON.stringify(change));
          if (result.status === 'payment_required' && result.payment_link && result.modification_reference) {
            return changed(
              ledger.update(booking.id, { pendingModification: { reference: result.modification_reference, paymentLink: result.payment_link } }, { type: 'modification_payment_required', summary: `Change ${result.modification_reference} costs ${preview.paymentAmountMinor} more (minor units); waiting for it to be paid at its payment link.` }),
            );
          }
          return changed(
            ledger.update(
              booking.id,
              {
                status: result.booking?.status ?? booking.status,
                checkIn: change.dates?.checkIn ?? booking.checkIn,
                checkOut: change.dates?.checkOut ?? booking.checkOut,
                ...(change.room ? { propertyId: change.room.propertyId, propertyName: change.room.propertyName, items: booking.items.map((item) => ({ ...item, availability_id: change.room?.availabilityId ?? item.availability_id })) } : {}),
                totalMinor: booking.totalMinor + preview.netPriceDiffMinor,
                pendingModification: null,
              },
              { type: 'modified', summary: preview.refundAmountMinor > 0 ? `Changed; ${preview.refundAmountMinor} (minor units) refunded automatically.` : 'Changed at no extra cost.' },
            ),
          );
        } catch (error) {
          if (error instanceof ServiceError && error.mayHaveReachedService) {
            ledger.update(booking.id, { attention: 'A change was sent but its answer was lost. Check the booking’s dates and room with the service before changing it again.' }, { type: 'modification_unknown', summary: 'Change sent, answer lost.' });
            throw outcomeUnknown('the change was made');
          }
          ledger.finishIntent(intentId, error instanceof AppError ? `refused:${error.code}` : 'failed');
          throw error;
        }
      });
    },

    /**
     * Settles writes that were under way when the app stopped: each is read back from the service,
     * recorded, and flagged for the agent. Returns the bookings that needed it.
     */
    async reconcileOpenIntents(): Promise<BookingRecord[]> {
      const touched: BookingRecord[] = [];
      for (const intent of ledger.openIntents()) {
        try {
          if (intent.operation === 'prebook') {
            const detail = intent.detail as { profileId: number; token: string; clientReference: string; quote: AvailableQuote; paxAges: number[]; holder: HolderInput };
            const profile = deps.profile(detail.profileId);
            const held: HeldStay = { profileId: profile.id, quote: detail.quote, paxAges: detail.paxAges, token: detail.token, expiresAt: '' };
            const booking = await retryLostPrebook(intent.id, held, detail.holder, detail.clientReference, profile).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'hold_not_made') return null;
              throw error;
            });
            if (booking) touched.push(ledger.update(booking.id, { attention: booking.attention ?? 'Packdesk stopped while this hold was being made; it was recovered from the service.' }));
            continue;
          }
          if (intent.bookingId === null) {
            ledger.finishIntent(intent.id, 'reconciled_nothing');
            continue;
          }
          const booking = bookingOf(intent.bookingId);
          const read = await deps.clientFor(deps.profile(booking.profileId)).getBooking(serviceIdOf(booking));
          ledger.finishIntent(intent.id, `reconciled:${read.data.status}`);
          const updated = ledger.update(
            booking.id,
            { status: read.data.status, ...(read.data.booking_reference ? { bookingReference: read.data.booking_reference } : {}), attention: `Packdesk stopped while a ${intent.operation} was being sent. The service shows the booking ${read.data.status}${read.data.booking_reference ? ` (reference ${read.data.booking_reference})` : ''}; check it is what the traveler expects.` },
            { type: 'reconciled', summary: `Packdesk restarted during a ${intent.operation}; the service shows ${read.data.status}.` },
          );
          touched.push(changed(updated));
        } catch {
          // Still unreachable: the intent stays open and is tried again next time.
        }
      }
      return touched;
    },

    /** The agent has seen the warning on a reconciled booking. */
    acknowledge(bookingId: number): BookingRecord {
      bookingOf(bookingId);
      return ledger.update(bookingId, { attention: null }, { type: 'acknowledged', summary: 'The agent checked the reconciled booking.' });
    },
  };
}

/** The spec's `changes` object for a change request. */
function changesFor(booking: BookingRecord, change: ChangeRequest): Changes {
  return {
    ...(change.dates ? { booking: { dates: { check_in: change.dates.checkIn, check_out: change.dates.checkOut } } } : {}),
    ...(change.room ? { rooms: booking.items.map((item) => ({ action: 'update' as const, availability_id: item.availability_id, selected_availability_id: change.room?.availabilityId as number })) } : {}),
  };
}

export type BookingEngine = ReturnType<typeof createBookingEngine>;
