import { defineMessages } from '../../../shared/i18n/messages';
import type { AvailableQuote, Quote, StayRequest } from '../../../shared/bookings';
import { AppError } from '../app-error';
import type { ProfileRecord } from '../profiles';
import type { Catalog } from './catalog';
import type { EngineContext } from './engine-context';
import { remember } from './recent-map';

const words = defineMessages({
  invalidDates: { id: 'error.pricing.invalidDates.message', defaultMessage: 'Check-out must be after check-in.' },
  invalidDatesHint: { id: 'error.pricing.invalidDates.hint', defaultMessage: 'Pick a check-out date at least one night after check-in.' },
  quoteUnknown: {
    id: 'error.pricing.quoteUnknown.message',
    defaultMessage: 'This price is no longer known to Packdesk (the app restarted or it is too old).',
  },
  quoteUnknownHint: { id: 'error.pricing.quoteUnknown.hint', defaultMessage: 'Price the stay again.' },
});

const nightsOf = (checkIn: string, checkOut: string) => Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);

/** A stay's price at the service, and the quotes it gave, kept so a hold never takes a price from the renderer. */
export function createPricing(context: EngineContext, catalog: Catalog) {
  const { deps } = context;
  /** Quotes the service gave, by availability id. */
  const quotes = new Map<number, AvailableQuote>();

  async function price(profile: ProfileRecord, stay: StayRequest): Promise<Quote> {
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    if (nights < 1) throw new AppError('invalid_dates', { message: words.invalidDates }, { message: words.invalidDatesHint });
    const names = await catalog.namesOf(profile, stay);
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
    if (!quote) throw new AppError('quote_unknown', { message: words.quoteUnknown }, { message: words.quoteUnknownHint });
    return quote;
  }

  return { price, quoteFor };
}

export type Pricing = ReturnType<typeof createPricing>;
