import { defineMessages } from '../../../shared/i18n/messages';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { AppError } from '../app-error';
import type { Text } from '../i18n/main-words';

const words = defineMessages({
  leaseRanOut: {
    id: 'error.agency.leaseRanOut.message',
    defaultMessage: 'This counter’s hold on the booking ran out and another counter took it.',
  },
  heldElsewhere: { id: 'error.agency.heldElsewhere.message', defaultMessage: '{counter} is changing this booking.' },
  busyHint: {
    id: 'error.agency.busy.hint',
    defaultMessage:
      'Nothing was sent to the service. Wait a moment and try again; the booking shows the other counter’s change when it lands.',
  },
});

type LeaseKind = 'write' | 'track';

/** A lease this counter holds on one booking, until `expiresAt` (the server's clock) unless renewed. */
export interface BookingLease {
  readonly bookingKey: string;
  expiresAt(): Date;
  /** Extends the lease; throws `booking_busy` when it ran out and another counter took the booking meanwhile. */
  renew(ttlMs?: number): Promise<void>;
  /** Lets the booking go at once, for the next counter. Releasing a lease already taken over does nothing. */
  release(): Promise<void>;
}

interface LeaseRequest {
  bookingKey: string;
  counterId: string;
  ttlMs: number;
}

type Claim = { held: true; lease: BookingLease } | { held: false };

/**
 * Takes the lease unless another counter holds it unexpired. The server decides, with its own
 * clock, in one statement: of two counters asking at once exactly one gets a row back. The same
 * counter asking again (after a restart) takes it over, as its own writes are already one at a time.
 */
async function claim(pool: Pool, kind: LeaseKind, request: LeaseRequest): Promise<Claim> {
  const token = randomUUID();
  // The server binds the lease to the user this counter logs in as, and caps its length (server schema 4).
  const taken = await pool.query<{ expires_at: Date | null }>('SELECT agency_take_lease($1, $2, $3, $4, $5) AS expires_at', [
    request.counterId,
    request.bookingKey,
    kind,
    token,
    Math.round(request.ttlMs),
  ]);
  const expiresAt = taken.rows[0]?.expires_at ?? null;
  return expiresAt ? { held: true, lease: heldLease(pool, kind, request, token, expiresAt) } : { held: false };
}

/** The counter holding the booking's lease of this kind, as the agent reads it. */
async function holderOf(pool: Pool, kind: LeaseKind, bookingKey: string): Promise<string> {
  const holder = await pool.query<{ name: string }>(
    `SELECT n.name FROM agency_leases l JOIN agency_counters n USING (counter_id) WHERE l.booking_key = $1 AND l.kind = $2`,
    [bookingKey, kind],
  );
  // The holder may have released in between: the next try will get it; name nobody rather than guess.
  return holder.rows[0]?.name ?? 'Another counter';
}

function heldLease(pool: Pool, kind: LeaseKind, request: LeaseRequest, token: string, expiresAt: Date): BookingLease {
  let until = expiresAt;
  return {
    bookingKey: request.bookingKey,
    expiresAt: () => until,
    renew: async (ttlMs = request.ttlMs) => {
      // Still ours if the token is unchanged, even past its end: nobody took it meanwhile.
      const renewed = await pool.query<{ expires_at: Date | null }>('SELECT agency_renew_lease($1, $2, $3, $4, $5) AS expires_at', [
        request.counterId,
        request.bookingKey,
        kind,
        token,
        Math.round(ttlMs),
      ]);
      const renewedUntil = renewed.rows[0]?.expires_at ?? null;
      if (!renewedUntil) throw busy({ message: words.leaseRanOut });
      until = renewedUntil;
    },
    release: async () => {
      await pool.query('SELECT agency_release_lease($1, $2, $3, $4)', [request.counterId, request.bookingKey, kind, token]);
    },
  };
}

function busy(message: Text): AppError {
  return new AppError('booking_busy', message, { message: words.busyHint });
}

/**
 * Before a write to the service (pay, cancel, modify): one writer per booking across the agency.
 * Throws `booking_busy` naming the counter that holds it ("Desk 2 is changing this booking.").
 */
export async function takeWriteLease(pool: Pool, request: LeaseRequest): Promise<BookingLease> {
  const result = await claim(pool, 'write', request);
  if (!result.held) throw busy({ message: words.heldElsewhere, values: { counter: await holderOf(pool, 'write', request.bookingKey) } });
  return result.lease;
}

/**
 * One tracker per unfinished booking: the counter that gets the lease polls the service and pushes
 * what it reads; the others see the result. Not getting it is the usual case, so it is not an error.
 */
export async function tryTakeTrackerLease(pool: Pool, request: LeaseRequest): Promise<Claim> {
  // Who holds it is not asked: nobody is told, and every counter but one asks for every unfinished booking.
  return claim(pool, 'track', request);
}
