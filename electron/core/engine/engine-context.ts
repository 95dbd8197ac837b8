import type { ServiceBooking } from '../../../shared/api';
import type { BookingRecord } from '../../../shared/bookings';
import { defineMessages } from '../../../shared/i18n/messages';
import type { StatusRules } from '../../../shared/status-rules';
import { AppError, bookingNotFound } from '../app-error';
import type { AgencyWriteGuard } from '../agency/agency-counter';
import type { ApiClient } from '../api/client';
import { DEFAULT_RETRY } from '../api/retry-policy';
import type { RetryPolicy } from '../api/retry-policy';
import type { Ledger } from '../ledger/ledger';
import type { ProfileRecord } from '../profiles';
import type { BusyResendRules } from './busy-resend';
import type { Settlement } from './settlement';

const words = defineMessages({
  offline: { id: 'error.engine.offline.message', defaultMessage: 'The booking service cannot be reached, so nothing was sent.' },
  offlineHint: {
    id: 'error.engine.offline.hint',
    defaultMessage: 'Check the connection. The booking history stays readable; try again when the indicator shows Online.',
  },
  bookingIdUnknown: {
    id: 'error.engine.bookingIdUnknown.message',
    defaultMessage: 'The service’s number for this booking was lost, so it cannot be changed from here.',
  },
  bookingIdUnknownHint: {
    id: 'error.engine.bookingIdUnknown.hint',
    defaultMessage: 'Contact the booking service’s support with the client reference to find the hold.',
  },
  notConfirmedYet: {
    id: 'error.engine.notConfirmedYet.message',
    defaultMessage:
      'Not confirmed yet: checking with the service whether {write, select, hold {the hold was made} cancel {the booking was cancelled} charge {the card was charged} other {the change was made}}. The answer was lost on the way.',
  },
  notConfirmedYetHint: {
    id: 'error.engine.notConfirmedYet.hint',
    defaultMessage:
      'Do not send it again. Packdesk keeps checking and updates the booking by itself; it is marked in Bookings until it is settled.',
  },
});

export interface EngineDeps {
  ledger: Ledger;
  profile: (id: number) => ProfileRecord;
  activeProfile: () => ProfileRecord;
  clientFor: (profile: ProfileRecord) => ApiClient;
  isOnline: () => boolean;
  /** Records what an answer taught about a status of this profile's service (shared/status-rules.ts). */
  learnStatus?: (profileId: number, list: keyof StatusRules, status: string, present: boolean) => void;
  /** The built-in service's 3-D Secure page for this payment, or null for a real service. */
  challengeUrl: (profile: ProfileRecord, paymentIntentId: string, clientSecret: string) => string | null;
  now?: () => number;
  /** A token with less life than this is not sent; the stay is priced and held again. */
  tokenSafetyMs?: number;
  /**
   * How long a write whose answer was lost may still land at the service. Until then a read that
   * shows no effect proves nothing, so the agent is told "not confirmed yet", never "not done".
   */
  doubtWindowMs?: number;
  /** The agency's one-writer-per-booking guard while this counter shares its ledger with an agency; null otherwise. */
  agency?: () => AgencyWriteGuard | null;
  /** How long a write turned away as busy may keep going again (its patience and backoff); the client's policy. */
  retry?: RetryPolicy;
  /** Packdesk is closing: a write waiting to go again is not sent. */
  closing?: () => boolean;
  /** Asked before any write to the service on this profile's bookings: throws when this counter may not write (an update is needed first). */
  beforeWrite?: (profileId: number) => void;
  /** In an agency: whether the booking's status is one another counter claimed that this counter's service has not shown yet. */
  claimedByPeer?: (bookingId: number) => boolean;
  /** A read of the booking was taken: what the service showed is now the row's. */
  onServiceRead?: (bookingId: number) => void;
}

/** What every part of the engine shares: the ledger, the clock, and the lookups that turn ids into rows and clients. */
export function createEngineContext(deps: EngineDeps) {
  const now = deps.now ?? Date.now;
  /** Settlements running now, by intent: the flow that lost an answer and the reconciler share one. */
  const settlingNow = new Map<number, Promise<Settlement>>();
  const context = {
    deps,
    ledger: deps.ledger,
    now,
    doubtWindowMs: deps.doubtWindowMs ?? 60_000,
    busyResend: {
      policy: deps.retry ?? DEFAULT_RETRY,
      closing: deps.closing ?? (() => false),
      leaseOutlastsSend: (bookingId: number) => deps.agency?.()?.leaseOutlastsSend(bookingId) ?? true,
    } satisfies BusyResendRules,

    /** Settles an intent once at a time: a second caller gets the running settlement, never a second write to the ledger. */
    settleOnce(intentId: number, work: () => Promise<Settlement>): Promise<Settlement> {
      const running = settlingNow.get(intentId);
      if (running) return running;
      const settlement = work().finally(() => settlingNow.delete(intentId));
      settlingNow.set(intentId, settlement);
      return settlement;
    },

    requireOnline(): void {
      if (!deps.isOnline()) {
        throw new AppError('offline', { message: words.offline }, { message: words.offlineHint });
      }
    },

    bookingOf(id: number): BookingRecord {
      const booking = deps.ledger.get(id);
      if (!booking) throw bookingNotFound(id);
      return booking;
    },

    serviceIdOf(booking: BookingRecord): number {
      if (booking.serviceBookingId === null) {
        throw new AppError('booking_id_unknown', { message: words.bookingIdUnknown }, { message: words.bookingIdUnknownHint });
      }
      return booking.serviceBookingId;
    },

    /** The booking's profile, looked up once by a caller that needs both its client and its status rules. */
    profileOf(booking: BookingRecord): ProfileRecord {
      return deps.profile(booking.profileId);
    },

    rulesOf(booking: BookingRecord): StatusRules {
      return deps.profile(booking.profileId).statusRules;
    },

    learn(booking: BookingRecord, list: keyof StatusRules, present: boolean): void {
      deps.learnStatus?.(booking.profileId, list, booking.status, present);
    },

    clientOf(booking: BookingRecord): ApiClient {
      return deps.clientFor(deps.profile(booking.profileId));
    },

    /** The booking as the service shows it now, or null when it cannot be read (the reconciler tries again). */
    async readBack(booking: BookingRecord): Promise<ServiceBooking | null> {
      try {
        return (await deps.clientFor(deps.profile(booking.profileId)).getBooking(context.serviceIdOf(booking))).data;
      } catch {
        return null;
      }
    },
  };
  return context;
}

export type EngineContext = ReturnType<typeof createEngineContext>;

/** The agent's words while the service has not shown what a write did: a hold, a cancellation, a charge or a change. */
export function notConfirmedYet(write: 'hold' | 'cancel' | 'charge' | 'change'): AppError {
  return new AppError('outcome_unknown', { message: words.notConfirmedYet, values: { write } }, { message: words.notConfirmedYetHint });
}
