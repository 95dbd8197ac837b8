import { randomUUID } from 'node:crypto';
import type { ApiItem, PrebookRequest } from '../../../shared/api';
import type { AvailableQuote, BookingRecord, Hold, HolderInput, Quote, StayRequest } from '../../../shared/bookings';
import { UNCONFIRMED_HOLD } from '../../../shared/bookings';
import { formatMoney } from '../../../shared/format';
import { AppError } from '../app-error';
import { serviceSays } from '../api/messages';
import { ServiceError } from '../api/service-errors';
import { readDetail } from '../ledger/intent-details';
import type { PrebookDetail, StoredDetail } from '../ledger/intent-details';
import type { NewBooking, OpenIntent } from '../ledger/ledger';
import type { ProfileRecord } from '../profiles';
import { notConfirmedYet } from './engine-context';
import type { EngineContext } from './engine-context';
import { journaledWrite, settleUnreadable } from './journaled-write';
import type { Settlement } from './settlement';

interface HeldStay {
  profileId: number;
  quote: AvailableQuote;
  paxAges: number[];
  token: string;
  expiresAt: string;
}

/** A prebook's journal entry in today's shape; one written before schema 4 gets the very request it sent, rebuilt from its parts. */
function prebookDetailOf(stored: StoredDetail<'prebook'>): PrebookDetail {
  if (!('kind' in stored)) return stored;
  const { quote, paxAges, holder } = stored;
  return {
    profileId: stored.profileId,
    quote,
    paxAges,
    clientReference: stored.clientReference,
    request: {
      package_id: quote.packageId,
      inventory_item_id: quote.propertyId,
      prebook_token: stored.token,
      check_in: quote.checkIn,
      check_out: quote.checkOut,
      holder: { name: holder.name, surname: holder.surname, email: holder.email },
      items: itemsOf(quote, paxAges),
    },
  };
}

const nightsOf = (checkIn: string, checkOut: string) => Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
const itemsOf = (quote: AvailableQuote, paxAges: number[]): ApiItem[] => [
  { availability_id: quote.availabilityId, paxes: paxAges.map((age) => ({ age })) },
];
const MAX_REMEMBERED = 2_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as K);
}

/** Search, price, hold and prebook. Names and prices come from the service's answers kept here, never from the renderer. */
/** A prebook refused for an expired token, in whatever words the service uses (410, or a code that says so). */
const isExpiredTokenRefusal = (error: ServiceError) => error.status === 410 || /expired/i.test(error.serviceCode ?? '');

export function createHolds(context: EngineContext) {
  const { deps, ledger } = context;
  const tokenSafetyMs = deps.tokenSafetyMs ?? 10_000;
  /** Package and property names as the service's search gave them. */
  const catalog = new Map<number, { title: string; properties: Map<number, string> }>();
  /** Quotes the service gave, by availability id. */
  const quotes = new Map<number, AvailableQuote>();
  const holds = new Map<string, HeldStay>();
  /** One prebook per hold: a second submit joins the first, and a later one gets the booking it made. */
  const prebooking = new Map<string, Promise<BookingRecord>>();
  const madeFrom = new Map<string, number>();

  async function search(profile: ProfileRecord, title: string) {
    const answer = await deps.clientFor(profile).search(title);
    const found = answer.data.map((entry) => ({
      id: entry.id,
      title: entry.title,
      properties: entry.properties.map((property) => ({ id: property.id, name: property.name })),
    }));
    for (const entry of found)
      remember(catalog, entry.id, {
        title: entry.title,
        properties: new Map(entry.properties.map((property) => [property.id, property.name])),
      });
    return found;
  }

  /** The service's names for a package and property; searched again by the title given if not known yet. */
  async function namesOf(profile: ProfileRecord, stay: StayRequest): Promise<{ packageTitle: string; propertyName: string }> {
    if (!catalog.get(stay.packageId)?.properties.has(stay.propertyId)) await search(profile, stay.packageTitle);
    const entry = catalog.get(stay.packageId);
    const propertyName = entry?.properties.get(stay.propertyId);
    if (!entry || propertyName === undefined) {
      throw new AppError(
        'package_unknown',
        `The service does not list property ${stay.propertyId} in package ${stay.packageId} (“${stay.packageTitle}”).`,
        'Search for the package again and pick the hotel from the list.',
      );
    }
    return { packageTitle: entry.title, propertyName };
  }

  async function price(profile: ProfileRecord, stay: StayRequest): Promise<Quote> {
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    if (nights < 1)
      throw new AppError('invalid_dates', 'Check-out must be after check-in.', 'Pick a check-out date at least one night after check-in.');
    const names = await namesOf(profile, stay);
    const answer = await deps
      .clientFor(profile)
      .price(stay.packageId, { check_in: stay.checkIn, check_out: stay.checkOut, adults: stay.adults, property_id: stay.propertyId });
    const data = answer.data;
    const offer = { ...stay, ...names };
    if (!data.available || data.availability_id === undefined || data.total_price_cents === undefined || !data.currency) {
      return { ...offer, available: false, currency: data.currency ?? null, nights };
    }
    const quote: AvailableQuote = {
      ...offer,
      available: true,
      availabilityId: data.availability_id,
      totalMinor: data.total_price_cents,
      currency: data.currency,
      nights,
      perNightMinor: Math.round(data.total_price_cents / nights),
    };
    remember(quotes, quote.availabilityId, quote);
    return quote;
  }

  /** The quote the service gave for this availability id; the renderer's copy only names it. */
  function quoteFor(availabilityId: number): AvailableQuote {
    const quote = quotes.get(availabilityId);
    if (!quote)
      throw new AppError(
        'quote_unknown',
        'This price is no longer known to Packdesk (the app restarted or it is too old).',
        'Price the stay again.',
      );
    return quote;
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
      throw new AppError(
        'no_longer_available',
        'The room is no longer available for these dates.',
        'Choose other dates or another hotel of the package.',
      );
    }
    return { token: answer.data.prebook_token, expiresAt: answer.data.expires_at };
  }

  /**
   * A hold the service refused as a conflict: when the stay's price has changed since it was quoted, that is what the
   * agent is told (whatever the service called it), never a bare refusal; otherwise the refusal stands.
   */
  async function refusedOnPrice(profile: ProfileRecord, quote: AvailableQuote, error: unknown): Promise<never> {
    if (!(error instanceof ServiceError) || error.kind !== 'conflict') throw error;
    const fresh = await price(profile, quote).catch(() => null);
    if (!fresh?.available || fresh.totalMinor === quote.totalMinor) throw error;
    throw new AppError(
      'price_changed',
      `The price of this stay changed after it was quoted: ${formatMoney(fresh.totalMinor, fresh.currency)} instead of ${formatMoney(quote.totalMinor, quote.currency)}. Nothing was held.`,
      'Tell the traveler the new price; if they agree, hold it at that price.',
    );
  }

  /** Prices and holds again when the token is about to expire; a changed price is never accepted silently. */
  async function freshHold(holdId: string, held: HeldStay, force = false): Promise<HeldStay> {
    if (!force && Date.parse(held.expiresAt) - context.now() > tokenSafetyMs) return held;
    const profile = deps.profile(held.profileId);
    const quote = await price(profile, held.quote);
    if (!quote.available)
      throw new AppError(
        'no_longer_available',
        'The hold expired and the room is no longer available for these dates.',
        'Choose other dates or another hotel of the package.',
      );
    const token = await mint(profile, quote, held.paxAges);
    const renewed = { ...held, quote, ...token };
    holds.set(holdId, renewed);
    if (quote.totalMinor !== held.quote.totalMinor) {
      throw new AppError(
        'price_changed',
        `The hold expired and the new price is different: ${formatMoney(quote.totalMinor, quote.currency)} instead of ${formatMoney(held.quote.totalMinor, held.quote.currency)}.`,
        'Tell the traveler the new price; book again to accept it.',
      );
    }
    return renewed;
  }

  function prebookRequest(held: HeldStay, holder: HolderInput): PrebookRequest {
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

  function newRow(detail: PrebookDetail, serviceBookingId: number | null, status: string, attention: string | null): NewBooking {
    const profile = deps.profile(detail.profileId);
    const { quote, request } = detail;
    return {
      profileId: profile.id,
      profileKind: profile.kind,
      serviceBookingId,
      packageId: quote.packageId,
      packageTitle: quote.packageTitle,
      propertyId: quote.propertyId,
      propertyName: quote.propertyName,
      checkIn: request.check_in,
      checkOut: request.check_out,
      adults: quote.adults,
      holder: request.holder,
      paxAges: detail.paxAges,
      items: request.items,
      totalMinor: quote.totalMinor,
      currency: quote.currency,
      clientReference: detail.clientReference,
      bookingReference: null,
      status,
      attention,
    };
  }

  /**
   * Settles a prebook whose answer was lost by sending the same request again: the token makes one
   * hold only, so this either makes it, or learns the one it made.
   */
  async function settlePrebook(intent: OpenIntent, fromReconciler: boolean): Promise<Settlement> {
    const stored = readDetail('prebook', intent.detail);
    if (!stored) return settleUnreadable(context, intent);
    const detail = prebookDetailOf(stored);
    const client = deps.clientFor(deps.profile(detail.profileId));
    try {
      const answer = await client.prebook(detail.request);
      const attention = fromReconciler
        ? 'The answer to this hold was lost; Packdesk found the hold at the service. Tell the traveler it is held, then take the payment.'
        : null;
      const booking = ledger.finishWrite(intent.id, 'held_after_retry', {
        insert: newRow(detail, answer.id, answer.status, attention),
        event: {
          type: 'prebooked',
          summary: `Held as booking ${answer.id} (${answer.status}). The first answer was lost; sending the same hold again returned it.`,
        },
      });
      return { settled: true, booking };
    } catch (error) {
      if (!(error instanceof ServiceError) || error.mayHaveReachedService || error.kind === 'rate_limit' || error.kind === 'authentication')
        return { settled: false };
      // The same request refused: a service that does not replay a used token refuses it whether or
      // not the first one made the hold, so the hold may exist. The agent finds out with support.
      const said = serviceSays(error.serviceMessage);
      const booking = ledger.finishWrite(intent.id, 'hold_id_lost', {
        insert: newRow(
          detail,
          null,
          UNCONFIRMED_HOLD,
          `The answer to this hold was lost, and the service refused the same hold again (${error.serviceCode ?? 'no code'}, HTTP ${error.status ?? '–'}${said ? `: “${said}”` : ''}), so Packdesk cannot tell whether the hold was made. Contact the service’s support with the client reference before holding again, so the traveler is not held twice.`,
        ),
        event: {
          type: 'hold_id_lost',
          summary: `The answer to the hold was lost; sending it again was refused (${error.serviceCode ?? 'no code'}, HTTP ${error.status ?? '–'}). Whether the hold exists is unknown.`,
        },
      });
      return { settled: true, booking };
    }
  }

  async function prebookOnce(holdId: string, holder: HolderInput): Promise<BookingRecord> {
    const found = holds.get(holdId);
    if (!found)
      throw new AppError(
        'hold_not_found',
        'This hold is no longer known to Packdesk (it was used or the app restarted).',
        'Price the stay again.',
      );
    context.requireOnline();
    let held = await freshHold(holdId, found);
    const profile = deps.profile(held.profileId);
    const client = deps.clientFor(profile);
    for (let attempt = 1; ; attempt += 1) {
      const request = prebookRequest(held, holder);
      const detail = { profileId: profile.id, request, quote: held.quote, paxAges: held.paxAges };
      let result;
      try {
        result = await journaledWrite(context, {
          operation: 'prebook',
          bookingId: null,
          detail,
          send: () => client.prebook(request),
          whileUnknown: '',
        });
      } catch (error) {
        // The service's clock said expired before ours did: hold again once (a refused prebook made nothing).
        if (error instanceof ServiceError && isExpiredTokenRefusal(error) && attempt === 1) {
          held = await freshHold(holdId, held, true);
          continue;
        }
        throw error;
      }
      holds.delete(holdId);
      if (result.kind === 'lost') {
        const settlement = await context.settleOnce(result.intent.id, () => settlePrebook(result.intent, false));
        if (!settlement.settled) throw notConfirmedYet('the hold was made');
        if (!settlement.booking)
          throw new AppError('hold_not_made', 'The hold was not made before its price expired.', 'Price the stay again and hold it.');
        const settled = settlement.booking;
        // Whether the service holds the room is unknown: no payment step for a hold without a number.
        if (settled.status === UNCONFIRMED_HOLD) {
          throw new AppError(
            'hold_unconfirmed',
            settled.attention ?? 'The service may have made this hold, but its number is unknown.',
            `It is in Bookings as “${UNCONFIRMED_HOLD}” with client reference ${settled.clientReference}; do not hold the same stay again until the service’s support has said whether it exists.`,
          );
        }
        return settled;
      }
      const fullDetail: PrebookDetail = { ...detail, clientReference: result.clientReference as string };
      const booking = ledger.finishWrite(result.intentId, 'held', {
        insert: newRow(fullDetail, result.answer.id, result.answer.status, null),
        event: { type: 'prebooked', summary: `Held as booking ${result.answer.id} (${result.answer.status}).` },
      }) as BookingRecord;
      return booking;
    }
  }

  return {
    search: (title: string) => search(deps.activeProfile(), title),
    price: (stay: StayRequest) => price(deps.activeProfile(), stay),
    quoteFor,
    settlePrebook,

    /** Gets a prebook token for the priced offer and the guests' ages; the hold lives until its expiry. */
    async startHold(quoteSeen: AvailableQuote, paxAges: number[]): Promise<Hold> {
      const quote = quoteFor(quoteSeen.availabilityId);
      if (paxAges.length !== quote.adults) {
        throw new AppError(
          'pax_count_mismatch',
          `The stay was priced for ${quote.adults} adults, and ${paxAges.length} ages were given.`,
          'Enter exactly one age per guest.',
        );
      }
      context.requireOnline();
      const profile = deps.activeProfile();
      const token = await mint(profile, quote, paxAges).catch((error: unknown) => refusedOnPrice(profile, quote, error));
      const holdId = randomUUID();
      holds.set(holdId, { profileId: profile.id, quote, paxAges, ...token });
      return { holdId, expiresAt: token.expiresAt, totalMinor: quote.totalMinor, currency: quote.currency };
    },

    /** Prebooks the hold with the traveler's details, once: a double submit gets the same booking. */
    async prebook(holdId: string, holder: HolderInput): Promise<BookingRecord> {
      const made = madeFrom.get(holdId);
      if (made !== undefined) return context.bookingOf(made);
      const running = prebooking.get(holdId);
      if (running) return running;
      const work = prebookOnce(holdId, holder).then((booking) => {
        remember(madeFrom, holdId, booking.id);
        return booking;
      });
      prebooking.set(holdId, work);
      try {
        return await work;
      } finally {
        prebooking.delete(holdId);
      }
    },
  };
}

export type Holds = ReturnType<typeof createHolds>;
