/**
 * The bodies of successful answers, per dialect. The operations hand over plain facts; the
 * standard shape is what Packdesk was written beside, the alternate one adds fields the spec does
 * not list (a client must ignore them) and shows only the spec's fields of a booking.
 */
import type { ApiItem } from '../../shared/api';
import type { CatalogPackage } from './catalog';

type Body = Record<string, unknown>;

/** Where and when an answer is made: for links and timestamps. */
export interface ShapeContext {
  /** The service's API root, `…/api/partner/v1`. */
  apiUrl: string;
  at: string;
}

export type PricingFacts =
  | {
      available: true;
      totalMinor: number;
      currency: string;
      availabilityId: number;
      packageId: number;
      propertyId: number;
      nights: number;
      adults: number;
    }
  | { available: false; currency: string; packageId: number; propertyId: number; nights: number; adults: number };

export interface BookingFacts {
  id: number;
  status: string;
  reference: string | null;
  checkIn: string;
  checkOut: string;
  totalMinor: number;
  currency: string;
  items: ApiItem[];
  createdAt: string;
  updatedAt: string;
  supplierName: string;
}

export interface Shapes {
  /** Wraps every successful API answer. */
  envelope(body: Body, requestId: string): Body;
  search(packages: readonly CatalogPackage[], context: ShapeContext): Body;
  pricing(facts: PricingFacts, context: ShapeContext): Body;
  token(facts: { token: string; expiresAt: string; packageId: number }, context: ShapeContext): Body;
  prebook(facts: { id: number; status: string; createdAt: string }, context: ShapeContext): Body;
  book(facts: { id: number; reference: string; amountMinor: number }, context: ShapeContext): Body;
  booking(facts: BookingFacts, context: ShapeContext): Body;
  cancel(facts: { id: number; status: string }, context: ShapeContext): Body;
  preview(facts: { bookingId: number; diff: number; direction: string; currency: string }, context: ShapeContext): Body;
  paymentRequired(
    facts: { bookingId: number; link: string; reference: string; amountMinor: number; currency: string },
    context: ShapeContext,
  ): Body;
  completed(facts: { bookingId: number; status: string; reference: string }, context: ShapeContext): Body;
}

const amounts = (diff: number) => ({ payment_required: diff > 0, payment_amount: Math.max(diff, 0), refund_amount: Math.max(-diff, 0) });

export const STANDARD_SHAPES: Shapes = {
  envelope: (body) => body,
  search: (packages) => ({
    data: packages.map((pkg) => ({ id: pkg.id, title: pkg.title, properties: pkg.properties.map(({ id, name }) => ({ id, name })) })),
  }),
  pricing: (facts) => ({
    data: facts.available
      ? { available: true, total_price_cents: facts.totalMinor, currency: facts.currency, availability_id: facts.availabilityId }
      : { available: false, currency: facts.currency },
  }),
  token: (facts) => ({ data: { available: true, prebook_token: facts.token, expires_at: facts.expiresAt } }),
  prebook: (facts) => ({ success: 'Booking created', id: facts.id, status: facts.status }),
  book: (facts) => ({ success: 'Booking confirmed', id: facts.id, status: 'success', booking_reference: facts.reference }),
  // Beyond the spec's three fields, the standard service shows the stay (docs/service-behaviour.md).
  booking: (facts) => ({
    data: {
      id: facts.id,
      status: facts.status,
      booking_reference: facts.reference,
      check_in: facts.checkIn,
      check_out: facts.checkOut,
      total_price_cents: facts.totalMinor,
      currency: facts.currency,
      items: facts.items,
    },
  }),
  cancel: (facts) => ({ success: 'Booking cancelled', id: facts.id, status: facts.status }),
  preview: (facts) => ({
    data: {
      booking_id: facts.bookingId,
      status: 'preview',
      price_summary: { net_price_diff: facts.diff, direction: facts.direction, ...amounts(facts.diff) },
    },
  }),
  paymentRequired: (facts) => ({ status: 'payment_required', payment_link: facts.link, modification_reference: facts.reference }),
  completed: (facts) => ({ status: 'completed', booking: { id: facts.bookingId, status: facts.status } }),
};

/** ISO 8601 UTC to the second: another spelling of the same instant, never later than it. */
const toSeconds = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');
const meta = (context: ShapeContext) => ({ api_version: 'v1', generated_at: toSeconds(context.at) });

export const ALTERNATE_SHAPES: Shapes = {
  envelope: (body, requestId) => ({ ...body, request_id: requestId }),
  search: (packages, context) => ({
    data: packages.map((pkg) => ({
      id: pkg.id,
      title: pkg.title,
      currency: pkg.currency,
      properties: pkg.properties.map(({ id, name }) => ({ id, name, kind: 'hotel' })),
      links: { availability: `${context.apiUrl}/packages/${pkg.id}/availability` },
    })),
    meta: { count: packages.length, ...meta(context) },
  }),
  pricing: (facts, context) => {
    const stay = {
      package_id: facts.packageId,
      property_id: facts.propertyId,
      nights: facts.nights,
      adults: facts.adults,
      ...meta(context),
    };
    return {
      data: facts.available
        ? {
            available: true,
            total_price_cents: facts.totalMinor,
            currency: facts.currency,
            availability_id: facts.availabilityId,
            tax_included: true,
            meta: stay,
          }
        : { available: false, currency: facts.currency, meta: { ...stay, reason: 'sold_out' } },
    };
  },
  token: (facts, context) => ({
    data: { available: true, prebook_token: facts.token, expires_at: toSeconds(facts.expiresAt), single_use: true, meta: meta(context) },
    links: { prebook: `${context.apiUrl}/bookings/prebook` },
  }),
  prebook: (facts, context) => ({
    success: 'ok',
    id: facts.id,
    status: facts.status,
    created_at: toSeconds(facts.createdAt),
    links: { self: `${context.apiUrl}/bookings/${facts.id}` },
  }),
  book: (facts, context) => ({
    success: 'payment authorized',
    id: facts.id,
    status: 'success',
    booking_reference: facts.reference,
    authorized_amount_cents: facts.amountMinor,
    created_at: toSeconds(context.at),
    links: { self: `${context.apiUrl}/bookings/${facts.id}` },
  }),
  // Only the spec's fields of a booking, and extras a client cannot take for the stay.
  booking: (facts, context) => ({
    data: {
      id: facts.id,
      status: facts.status,
      ...(facts.reference === null ? {} : { booking_reference: facts.reference }),
      created_at: toSeconds(facts.createdAt),
      updated_at: toSeconds(facts.updatedAt),
      supplier: { name: facts.supplierName },
      links: { self: `${context.apiUrl}/bookings/${facts.id}`, cancel: `${context.apiUrl}/bookings/${facts.id}/cancel` },
      meta: meta(context),
    },
  }),
  cancel: (facts, context) => ({ success: 'cancellation accepted', id: facts.id, status: facts.status, updated_at: toSeconds(context.at) }),
  preview: (facts, context) => ({
    data: {
      booking_id: facts.bookingId,
      status: 'preview',
      price_summary: {
        net_price_diff: facts.diff,
        direction: facts.direction,
        ...amounts(facts.diff),
        currency: facts.currency,
        tax_included: true,
      },
      meta: meta(context),
    },
  }),
  paymentRequired: (facts, context) => ({
    status: 'payment_required',
    payment_link: facts.link,
    modification_reference: facts.reference,
    amount_due_cents: facts.amountMinor,
    currency: facts.currency,
    created_at: toSeconds(context.at),
    links: { booking: `${context.apiUrl}/bookings/${facts.bookingId}` },
  }),
  completed: (facts, context) => ({
    status: 'completed',
    booking: { id: facts.bookingId, status: facts.status },
    modification_reference: facts.reference,
    updated_at: toSeconds(context.at),
    links: { booking: `${context.apiUrl}/bookings/${facts.bookingId}` },
  }),
};
