import { z } from 'zod';

/**
 * The Package Booking Service's contract (spec/package-booking-service.md) as zod schemas: the
 * client parses responses with them, the built-in service validates requests with them.
 * Response objects are loose: fields the spec does not list pass through untouched.
 */

export const API_PREFIX = '/api/partner/v1';

const isoDate = z.iso.date({ error: 'must be a date written YYYY-MM-DD' });
const id = z.number().int().positive();

// ---- Resources
export const propertySchema = z.looseObject({ id: z.number().int(), name: z.string() });
export const packageSchema = z.looseObject({ id: z.number().int(), title: z.string(), properties: z.array(propertySchema) });

export const paxSchema = z.object({ age: z.number().int().min(0).max(120) });
export const itemSchema = z.object({ availability_id: id, paxes: z.array(paxSchema).min(1) });
export type ApiItem = z.infer<typeof itemSchema>;

export const holderSchema = z.object({
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  email: z.email().max(254),
});

// ---- 1. Search
export const searchResponseSchema = z.looseObject({ data: z.array(packageSchema) });

// ---- 2. Availability
export const availabilityRequestSchema = z.object({
  check_in: isoDate,
  check_out: isoDate,
  adults: z.number().int().min(1).max(20),
  property_id: id,
  mode: z.literal('prebook').optional(),
  items: z.array(itemSchema).min(1).max(10).optional(),
});
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>;

export const pricingResultSchema = z.looseObject({
  available: z.boolean(),
  total_price_cents: z.number().int().optional(),
  currency: z.string().optional(),
  availability_id: z.number().int().optional(),
});
export const pricingResponseSchema = z.looseObject({ data: pricingResultSchema });

export const prebookTokenResultSchema = z.looseObject({
  available: z.boolean(),
  prebook_token: z.string().optional(),
  expires_at: z.string().optional(),
});
export const prebookTokenResponseSchema = z.looseObject({ data: prebookTokenResultSchema });

// ---- 3. Prebook
export const prebookRequestSchema = z.object({
  package_id: id,
  inventory_item_id: id,
  prebook_token: z.string().min(1).max(200),
  check_in: isoDate,
  check_out: isoDate,
  holder: holderSchema,
  items: z.array(itemSchema).min(1).max(10),
});
export type PrebookRequest = z.infer<typeof prebookRequestSchema>;
export const prebookResponseSchema = z.looseObject({ success: z.string(), id: z.number().int(), status: z.string() });

// ---- 4. Book
export const bookRequestSchema = z
  .object({
    payment_method_id: z.string().startsWith('pm_', { error: 'must be a payment method token starting with pm_' }).max(255).optional(),
    payment_intent_id: z.string().startsWith('pi_', { error: 'must be a payment intent id starting with pi_' }).max(255).optional(),
    client_reference: z.string().max(100).optional(),
  })
  // The amount is always the prebooked total: an amount field is refused, not ignored.
  .strict()
  .refine((body) => Boolean(body.payment_method_id) !== Boolean(body.payment_intent_id), {
    error: 'send exactly one of payment_method_id and payment_intent_id',
    path: ['payment_method_id'],
  });
export type BookRequest = z.infer<typeof bookRequestSchema>;
export const bookResponseSchema = z.looseObject({
  success: z.string(),
  id: z.number().int(),
  status: z.string(),
  booking_reference: z.string(),
});

// ---- 5. Get booking
export const bookingSchema = z.looseObject({
  id: z.number().int(),
  status: z.string(),
  booking_reference: z.string().nullable().optional(),
  // Beyond the spec ("not shown"): a service may also show the stay. The client uses these when
  // they are there, and previews the change again when they are not.
  check_in: z.iso.date().optional().catch(undefined),
  check_out: z.iso.date().optional().catch(undefined),
  total_price_cents: z.number().int().optional().catch(undefined),
  currency: z.string().optional().catch(undefined),
  items: z
    .array(z.object({ availability_id: z.number().int(), paxes: z.array(z.object({ age: z.number().int() })) }))
    .optional()
    .catch(undefined),
});
export type ServiceBooking = z.infer<typeof bookingSchema>;
export const bookingResponseSchema = z.looseObject({ data: bookingSchema });

// ---- 6. Cancel
export const cancelRequestSchema = z.object({ cancellation_reason: z.string().trim().min(1).max(500) });
export const cancelResponseSchema = z.looseObject({ success: z.string(), id: z.number().int(), status: z.string() });

// ---- 7 and 8. Modification
export const roomChangeSchema = z.object({
  action: z.literal('update'),
  availability_id: id,
  selected_availability_id: id,
});
export const changesSchema = z
  .object({
    booking: z.object({ dates: z.object({ check_in: isoDate, check_out: isoDate }) }).optional(),
    rooms: z.array(roomChangeSchema).min(1).max(10).optional(),
  })
  .refine((changes) => changes.booking !== undefined || changes.rooms !== undefined, { error: 'changes must hold dates, rooms or both' });
export type Changes = z.infer<typeof changesSchema>;
export const modificationRequestSchema = z.object({ changes: changesSchema });

export const priceSummarySchema = z.looseObject({
  net_price_diff: z.number().int(),
  direction: z.string(),
  payment_required: z.boolean(),
  payment_amount: z.number().int(),
  refund_amount: z.number().int(),
});
export const previewResponseSchema = z.looseObject({
  data: z.looseObject({ booking_id: z.number().int(), status: z.string(), price_summary: priceSummarySchema }),
});
export const modificationResultSchema = z.looseObject({
  status: z.string(),
  payment_link: z.string().optional(),
  modification_reference: z.string().optional(),
  booking: z.looseObject({ id: z.number().int(), status: z.string() }).optional(),
});

// ---- Errors
export const paymentRequiresActionSchema = z.looseObject({
  error: z.literal('payment_requires_action'),
  payment_intent_id: z.string().startsWith('pi_'),
  client_secret: z.string(),
});
