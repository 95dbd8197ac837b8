// What the agency soak's driver and its counter processes say to each other, one JSON object a line
// (the driver on the counter's stdin, the counter on its stdout).

/** A traveler's follow-up on a booking, made at this counter: cancel it, or move its check-out (a night less or more). */
export interface FollowUpOrder {
  id: number;
  serviceBookingId: number;
  kind: 'cancel' | 'cheaper' | 'dearer';
  /** The stay the change asks for (the dates sold, for a cancel). */
  checkIn: string;
  checkOut: string;
}

export type CounterReport =
  /** Started on its folder and joined to the agency; `sold`: the bookings made here so far. */
  | { kind: 'ready'; sold: number }
  /** A booking made here (held, and paid or not); no service id when the hold's outcome is unknown. */
  | { kind: 'sold'; sold: number; serviceBookingId: number | null; checkIn: string; checkOut: string }
  /** Made all it was asked to; it goes on taking follow-ups until its stdin closes. */
  | { kind: 'target' }
  | { kind: 'followed'; id: number; outcome: string };

/** The counter's agency timings in the soak: a blackhole is noticed after 1.5 s, leases are short, links come back fast. */
export const SOAK_AGENCY_TIMINGS = {
  retryDelayMs: { first: 50, max: 400 },
  pollEveryMs: 500,
  // The app's own pace: agents and the fleet list are not what the soak tries, and at the feed's pace twenty
  // counters spent a sixth of the server's statement time reporting their version and reading each other's.
  sharingEveryMs: 10_000,
  writeLeaseMs: 3_000,
  trackLeaseMs: 3_000,
  followRemoteAfterMs: 500,
  queryTimeoutMs: 1_500,
};
