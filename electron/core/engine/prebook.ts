import { defineMessages } from '../../../shared/i18n/messages';
import type { PrebookRequest } from '../../../shared/api';
import type { BookingRecord, HolderInput } from '../../../shared/bookings';
import { UNCONFIRMED_HOLD } from '../../../shared/bookings';
import { AppError } from '../app-error';
import { serviceSays } from '../api/messages';
import { ServiceError } from '../api/service-errors';
import { readDetail } from '../ledger/intent-details';
import type { PrebookDetail, StoredDetail } from '../ledger/intent-details';
import type { NewBooking, OpenIntent } from '../ledger/ledger';
import { attentionWords, eventWords, textOfWords } from '../ledger/ledger-words';
import type { Worded } from '../ledger/ledger-words';
import { notConfirmedYet } from './engine-context';
import type { EngineContext } from './engine-context';
import { itemsOf } from './holds';
import type { HeldStay, Holds } from './holds';
import { journaledWrite, settleUnreadable } from './journaled-write';
import { remember } from './recent-map';
import type { Settlement } from './settlement';

const words = defineMessages({
  holdNotMade: { id: 'error.prebook.holdNotMade.message', defaultMessage: 'The hold was not made before its price expired.' },
  holdNotMadeHint: { id: 'error.prebook.holdNotMade.hint', defaultMessage: 'Price the stay again and hold it.' },
  holdUnconfirmed: {
    id: 'error.prebook.holdUnconfirmed.message',
    defaultMessage: 'The service may have made this hold, but its number is unknown.',
  },
  holdUnconfirmedHint: {
    id: 'error.prebook.holdUnconfirmed.hint',
    defaultMessage:
      'It is in Bookings as “{status}” with client reference {clientReference}; do not hold the same stay again until the service’s support has said whether it exists.',
  },
});

/** The service's code, status and words are its own: values, never translated. */
const lines = defineMessages({
  foundAfterRetry: {
    id: 'attention.prebook.foundAfterRetry',
    defaultMessage:
      'The answer to this hold was lost; Packdesk found the hold at the service. Tell the traveler it is held, then take the payment.',
  },
  heldAfterRetry: {
    id: 'timeline.prebook.heldAfterRetry',
    defaultMessage: 'Held as booking {serviceBookingId} ({status}). The first answer was lost; sending the same hold again returned it.',
  },
  holdIdLost: {
    id: 'attention.prebook.holdIdLost',
    defaultMessage:
      'The answer to this hold was lost, and the service refused the same hold again ({coded, select, yes {{code}} other {no code}}, HTTP {httpStatus}{said, select, yes {: “{serviceSaid}”} other {}}), so Packdesk cannot tell whether the hold was made. Contact the service’s support with the client reference before holding again, so the traveler is not held twice.',
  },
  holdIdLostLine: {
    id: 'timeline.prebook.holdIdLost',
    defaultMessage:
      'The answer to the hold was lost; sending it again was refused ({coded, select, yes {{code}} other {no code}}, HTTP {httpStatus}). Whether the hold exists is unknown.',
  },
  held: { id: 'timeline.prebook.held', defaultMessage: 'Held as booking {serviceBookingId} ({status}).' },
});

/** A prebook's journal entry in today's shape; one written before schema 4 gets the very request it sent, rebuilt from its parts. */
function prebookDetailOf(stored: StoredDetail<'prebook'>): PrebookDetail {
  if (!('kind' in stored)) return stored;
  const { quote, paxAges, holder } = stored;
  return {
    profileId: stored.profileId,
    quote,
    paxAges,
    clientReference: stored.clientReference,
    request: prebookRequest({ quote, paxAges, token: stored.token }, holder),
  };
}

/** The prebook the service is sent for a held stay and its holder. */
function prebookRequest(held: Pick<HeldStay, 'quote' | 'paxAges' | 'token'>, holder: HolderInput): PrebookRequest {
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

/** A prebook refused for an expired token, in whatever words the service uses (410, or a code that says so). */
const isExpiredTokenRefusal = (error: ServiceError) => error.status === 410 || /expired/i.test(error.serviceCode ?? '');

/** A hold made a booking: the prebook through the one write path, once per hold, and its settling when the answer was lost. */
export function createPrebook(context: EngineContext, holds: Holds) {
  const { deps, ledger } = context;
  /** One prebook per hold: a second submit joins the first, and a later one gets the booking it made. */
  const prebooking = new Map<string, Promise<BookingRecord>>();
  const madeFrom = new Map<string, number>();

  function newRow(detail: PrebookDetail, serviceBookingId: number | null, status: string, attention: Worded | null): NewBooking {
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
      attention: attention?.attention ?? null,
      attentionWords: attention?.attentionWords ?? null,
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
      const attention = fromReconciler ? attentionWords(lines.foundAfterRetry) : null;
      const booking = ledger.finishWrite(intent.id, 'held_after_retry', {
        insert: newRow(detail, answer.id, answer.status, attention),
        event: {
          type: 'prebooked',
          ...eventWords(lines.heldAfterRetry, { serviceBookingId: String(answer.id), status: answer.status }),
        },
      });
      return { settled: true, booking };
    } catch (error) {
      if (!(error instanceof ServiceError) || error.mayHaveReachedService || error.kind === 'rate_limit' || error.kind === 'authentication')
        return { settled: false };
      // The same request refused: a service that does not replay a used token refuses it whether or
      // not the first one made the hold, so the hold may exist. The agent finds out with support.
      const said = serviceSays(error.serviceMessage);
      const refused = {
        coded: (error.serviceCode ?? null) === null ? 'no' : 'yes',
        code: error.serviceCode ?? '',
        httpStatus: String(error.status ?? '–'),
        said: said ? 'yes' : 'no',
        serviceSaid: said ?? '',
      };
      const booking = ledger.finishWrite(intent.id, 'hold_id_lost', {
        insert: newRow(detail, null, UNCONFIRMED_HOLD, attentionWords(lines.holdIdLost, refused)),
        event: { type: 'hold_id_lost', ...eventWords(lines.holdIdLostLine, refused) },
      });
      return { settled: true, booking };
    }
  }

  async function prebookOnce(holdId: string, holder: HolderInput): Promise<BookingRecord> {
    const found = holds.heldStay(holdId);
    context.requireOnline();
    let held = await holds.freshHold(holdId, found);
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
          whileUnknown: null,
        });
      } catch (error) {
        // The service's clock said expired before ours did: hold again once (a refused prebook made nothing).
        if (error instanceof ServiceError && isExpiredTokenRefusal(error) && attempt === 1) {
          held = await holds.freshHold(holdId, held, true);
          continue;
        }
        throw error;
      }
      holds.release(holdId);
      if (result.kind === 'lost') {
        const settlement = await context.settleOnce(result.intent.id, () => settlePrebook(result.intent, false));
        if (!settlement.settled) throw notConfirmedYet('hold');
        if (!settlement.booking) throw new AppError('hold_not_made', { message: words.holdNotMade }, { message: words.holdNotMadeHint });
        const settled = settlement.booking;
        // Whether the service holds the room is unknown: no payment step for a hold without a number.
        if (settled.status === UNCONFIRMED_HOLD) {
          const said = settled.attention === null ? null : textOfWords(settled.attentionWords, settled.attention);
          throw new AppError('hold_unconfirmed', said ?? { message: words.holdUnconfirmed }, {
            message: words.holdUnconfirmedHint,
            values: { status: UNCONFIRMED_HOLD, clientReference: settled.clientReference },
          });
        }
        return settled;
      }
      const fullDetail: PrebookDetail = { ...detail, clientReference: result.clientReference as string };
      const booking = ledger.finishWrite(result.intentId, 'held', {
        insert: newRow(fullDetail, result.answer.id, result.answer.status, null),
        event: {
          type: 'prebooked',
          ...eventWords(lines.held, { serviceBookingId: String(result.answer.id), status: result.answer.status }),
        },
      }) as BookingRecord;
      return booking;
    }
  }

  return {
    settlePrebook,

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
