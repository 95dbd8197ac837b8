import { seededRandom } from '../seeded-random';
import type { FollowUpOrder } from './counter-protocol';

/** Share of sales the traveler follows up (cancel, a night less, a night more). */
const FOLLOW_UP_SHARE = 0.6;

/** Of the follow-ups made elsewhere, the share during which a third counter is cut off (with three counters or more). */
const THIRD_DESK_CUT_SHARE = 0.3;

/** A follow-up the driver will send: to which counters (two at once, sometimes), and how long after the sale. */
export interface PlannedFollowUp {
  order: FollowUpOrder;
  counters: number[];
  afterMs: number;
  /**
   * A third counter's link reset from the sale on, past the follow-up, or null. Cut off before it learns the
   * booking is confirmed, that counter reads it at the service itself (the agency cannot tell it another counter
   * follows it) and keeps what it read to send after the heal: by then the follow-up made elsewhere is newer.
   * A reset, not a blackhole: a blackhole holds its read a query timeout, past most follow-ups.
   */
  cutOff: { bystanders: number[]; durationMs: number } | null;
}

/** `items` in an order `random` chooses. */
const shuffled = <T>(items: readonly T[], random: () => number): T[] =>
  items
    .map((item) => ({ item, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

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
  const targets = atOnce ? [first, another(first)] : [first];
  const afterMs = 200 + Math.floor(random() * 1_800);
  const bystanders = Array.from({ length: counters }, (_, counter) => counter).filter(
    (counter) => counter !== sale.counter && !targets.includes(counter),
  );
  const cut = targets.some((target) => target !== sale.counter) && bystanders.length > 0 && random() < THIRD_DESK_CUT_SHARE;
  return {
    order: { id, serviceBookingId: sale.serviceBookingId, kind, checkIn: sale.checkIn, checkOut },
    counters: targets,
    afterMs,
    // Which of them: one whose link is healthy at the time, the driver picks (in this order).
    cutOff: cut ? { bystanders: shuffled(bystanders, random), durationMs: afterMs + 1_500 } : null,
  };
}
