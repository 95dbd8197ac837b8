import { defineMessages } from '../../../shared/i18n/messages';
import { randomUUID } from 'node:crypto';
import type { ApiItem } from '../../../shared/api';
import type { AvailableQuote, Hold } from '../../../shared/bookings';
import { AppError } from '../app-error';
import { ServiceError } from '../api/service-errors';
import type { ProfileRecord } from '../profiles';
import type { EngineContext } from './engine-context';
import type { Pricing } from './pricing';

const words = defineMessages({
  noLongerAvailable: { id: 'error.holds.noLongerAvailable.message', defaultMessage: 'The room is no longer available for these dates.' },
  noLongerAvailableHint: {
    id: 'error.holds.noLongerAvailable.hint',
    defaultMessage: 'Choose other dates or another hotel of the package.',
  },
  priceChanged: {
    id: 'error.holds.priceChanged.message',
    defaultMessage: 'The price of this stay changed after it was quoted: {fresh} instead of {quoted}. Nothing was held.',
  },
  priceChangedHint: {
    id: 'error.holds.priceChanged.hint',
    defaultMessage: 'Tell the traveler the new price; if they agree, hold it at that price.',
  },
  expiredUnavailable: {
    id: 'error.holds.expiredUnavailable.message',
    defaultMessage: 'The hold expired and the room is no longer available for these dates.',
  },
  expiredPriceChanged: {
    id: 'error.holds.expiredPriceChanged.message',
    defaultMessage: 'The hold expired and the new price is different: {fresh} instead of {quoted}.',
  },
  expiredPriceChangedHint: {
    id: 'error.holds.expiredPriceChanged.hint',
    defaultMessage: 'Tell the traveler the new price; book again to accept it.',
  },
  holdNotFound: {
    id: 'error.holds.holdNotFound.message',
    defaultMessage: 'This hold is no longer known to Packdesk (it was used or the app restarted).',
  },
  holdNotFoundHint: { id: 'error.holds.holdNotFound.hint', defaultMessage: 'Price the stay again.' },
  paxCountMismatch: {
    id: 'error.holds.paxCountMismatch.message',
    defaultMessage:
      'The stay was priced for {adults, plural, one {# adults} other {# adults}}, and {ages, plural, one {# ages were given} other {# ages were given}}.',
  },
  paxCountMismatchHint: { id: 'error.holds.paxCountMismatch.hint', defaultMessage: 'Enter exactly one age per guest.' },
});

/** A stay the service holds for a while: the prebook token it minted for the quote and the guests' ages. */
export interface HeldStay {
  profileId: number;
  quote: AvailableQuote;
  paxAges: number[];
  token: string;
  expiresAt: string;
}

/** The rooms a hold and a prebook ask for: one item, the guests by age. */
export const itemsOf = (quote: AvailableQuote, paxAges: number[]): ApiItem[] => [
  { availability_id: quote.availabilityId, paxes: paxAges.map((age) => ({ age })) },
];

/** Holds: a prebook token minted for a priced stay, renewed (never at a silently changed price) while the agent works. */
export function createHolds(context: EngineContext, pricing: Pricing) {
  const { deps } = context;
  const tokenSafetyMs = deps.tokenSafetyMs ?? 10_000;
  const holds = new Map<string, HeldStay>();

  async function mint(profile: ProfileRecord, quote: AvailableQuote, paxAges: number[]): Promise<{ token: string; expiresAt: string }> {
    const answer = await deps.clientFor(profile).mintPrebookToken(quote.packageId, {
      check_in: quote.checkIn,
      check_out: quote.checkOut,
      adults: quote.adults,
      property_id: quote.propertyId,
      items: itemsOf(quote, paxAges),
    });
    if (!answer.data.available || !answer.data.prebook_token || !answer.data.expires_at) {
      throw new AppError('no_longer_available', { message: words.noLongerAvailable }, { message: words.noLongerAvailableHint });
    }
    return { token: answer.data.prebook_token, expiresAt: answer.data.expires_at };
  }

  /**
   * A hold the service refused as a conflict: when the stay's price has changed since it was quoted, that is what the
   * agent is told (whatever the service called it), never a bare refusal; otherwise the refusal stands.
   */
  async function refusedOnPrice(profile: ProfileRecord, quote: AvailableQuote, error: unknown): Promise<never> {
    if (!(error instanceof ServiceError) || error.kind !== 'conflict') throw error;
    const fresh = await pricing.price(profile, quote).catch(() => null);
    if (!fresh?.available || fresh.totalMinor === quote.totalMinor) throw error;
    throw new AppError(
      'price_changed',
      {
        message: words.priceChanged,
        values: {
          fresh: { minor: fresh.totalMinor, currency: fresh.currency },
          quoted: { minor: quote.totalMinor, currency: quote.currency },
        },
      },
      { message: words.priceChangedHint },
    );
  }

  /** Prices and holds again when the token is about to expire; a changed price is never accepted silently. */
  async function freshHold(holdId: string, held: HeldStay, force = false): Promise<HeldStay> {
    if (!force && Date.parse(held.expiresAt) - context.now() > tokenSafetyMs) return held;
    const profile = deps.profile(held.profileId);
    const quote = await pricing.price(profile, held.quote);
    if (!quote.available)
      throw new AppError('no_longer_available', { message: words.expiredUnavailable }, { message: words.noLongerAvailableHint });
    const token = await mint(profile, quote, held.paxAges);
    const renewed = { ...held, quote, ...token };
    holds.set(holdId, renewed);
    if (quote.totalMinor !== held.quote.totalMinor) {
      throw new AppError(
        'price_changed',
        {
          message: words.expiredPriceChanged,
          values: {
            fresh: { minor: quote.totalMinor, currency: quote.currency },
            quoted: { minor: held.quote.totalMinor, currency: held.quote.currency },
          },
        },
        { message: words.expiredPriceChangedHint },
      );
    }
    return renewed;
  }

  /** The hold by its id; a hold used or lost with a restart is not known. */
  function heldStay(holdId: string): HeldStay {
    const found = holds.get(holdId);
    if (!found) throw new AppError('hold_not_found', { message: words.holdNotFound }, { message: words.holdNotFoundHint });
    return found;
  }

  return {
    heldStay,
    /** The profile a hold was made on; null when this counter holds no such hold. */
    profileOfHold: (holdId: string): number | null => holds.get(holdId)?.profileId ?? null,
    freshHold,
    /** The hold is used: a prebook went out with it. */
    release: (holdId: string) => holds.delete(holdId),

    /** Gets a prebook token for the priced offer and the guests' ages; the hold lives until its expiry. */
    async startHold(quoteSeen: AvailableQuote, paxAges: number[]): Promise<Hold> {
      const quote = pricing.quoteFor(quoteSeen.availabilityId);
      if (paxAges.length !== quote.adults) {
        throw new AppError(
          'pax_count_mismatch',
          { message: words.paxCountMismatch, values: { adults: quote.adults, ages: paxAges.length } },
          { message: words.paxCountMismatchHint },
        );
      }
      context.requireOnline();
      const profile = deps.activeProfile();
      const token = await mint(profile, quote, paxAges).catch((error: unknown) => refusedOnPrice(profile, quote, error));
      const holdId = randomUUID();
      holds.set(holdId, { profileId: profile.id, quote, paxAges, ...token });
      return { holdId, expiresAt: token.expiresAt, totalMinor: quote.totalMinor, currency: quote.currency };
    },
  };
}

export type Holds = ReturnType<typeof createHolds>;
