import type { ProfileKind } from '../../../shared/profiles';

/** This ledger's place in an agency: the counter it is, and the profile whose bookings the agency shares. */
export interface AgencyMembership {
  counterId: string;
  profileId: number;
  profileKind: ProfileKind;
}

export interface AgencyLedgerOptions {
  now: () => number;
  /** Whether the service moves a booking in this status no more (the profile's status rules). */
  isFinal: (profileId: number, status: string) => boolean;
  /** Whether the status is an ending that is not a sale (Cancelled, a supplier's refusal): nothing comes after it. */
  isTerminal: (profileId: number, status: string) => boolean;
  /** Told of each booking the agency's changes touched, after their commit (the screens update). */
  announce: (bookingId: number) => void;
  /**
   * Records, inside the commit that applied another counter's change, the money that change moved
   * (money-movements.ts): a booking sold here and cancelled or changed elsewhere is in this counter's takings.
   */
  followMoney?: (bookingId: number) => void;
  /**
   * How long after another counter's change this counter first reads an unfinished booking itself:
   * the counter that wrote it reads at once and holds its tracker lease, so this is the fallback.
   */
  followRemoteAfterMs?: number;
}
