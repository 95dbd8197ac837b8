import { seededRandom } from '../seeded-random';
import type { FollowUpOrder } from './counter-protocol';

/** Share of sales the traveler follows up (cancel, a night less, a night more). */
const FOLLOW_UP_SHARE = 0.6;

/** A follow-up the driver will send: to which counters (two at once, sometimes), and how long after the sale. */
export interface PlannedFollowUp {
  order: FollowUpOrder;
  counters: number[];
  afterMs: number;
}

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The traveler's follow-up on a sale, if any, fixed by the seed and the sale: what (a cancel, or the
 * stay a night shorter or longer, as absolute dates so that two counters asked for it ask the same),
 * where (half the time another counter than the one that sold), sometimes at two counters at once.
 */
export function planFollowUp(
  sale: { counter: number; sold: number; serviceBookingId: number; checkIn: string; checkOut: string },
  counters: number,
  seed: number,
  id: number,
): PlannedFollowUp | null {
  const random = seededRandom(seed, sale.counter, sale.sold, 0xf0110);
  if (random() >= FOLLOW_UP_SHARE) return null;
  const draw = random();
  const nights = Math.round((Date.parse(sale.checkOut) - Date.parse(sale.checkIn)) / 86_400_000);
  const kind = draw < 0.4 ? 'cancel' : draw < 0.7 && nights >= 2 ? 'cheaper' : 'dearer';
  const checkOut = kind === 'cheaper' ? shiftDay(sale.checkOut, -1) : kind === 'dearer' ? shiftDay(sale.checkOut, 1) : sale.checkOut;
  const another = (than: number) => (than + 1 + Math.floor(random() * (counters - 1))) % counters;
  const first = counters > 1 && random() < 0.5 ? another(sale.counter) : sale.counter;
  const atOnce = counters > 1 && random() < 0.2;
  return {
    order: { id, serviceBookingId: sale.serviceBookingId, kind, checkIn: sale.checkIn, checkOut },
    counters: atOnce ? [first, another(first)] : [first],
    afterMs: 200 + Math.floor(random() * 1_800),
  };
}
