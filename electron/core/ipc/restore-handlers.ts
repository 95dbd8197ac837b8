import type { BookingEngine } from '../engine/booking-engine';
import type { HeldWrites } from '../ledger/held-writes';
import type { Ledger } from '../ledger/ledger';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

type RestoreChannel = 'restore:notice' | 'restore:check-write' | 'restore:discard-write';

/** How long after an inconclusive check the reconciler looks again (its own backoff follows). */
const LOOK_AGAIN_MS = 2_000;

export interface RestoreIpcDeps {
  heldWrites: HeldWrites;
  engine: BookingEngine;
  ledger: Ledger;
  profiles: ProfileService;
  /** Whether this counter has an agency connection saved, which waits for the agent after a restore. */
  agencyConnectionSaved: () => boolean;
}

/** The writes a restored backup left open: listed, checked with the service one by one, or discarded. */
export function restoreIpc({ heldWrites, engine, ledger, profiles, agencyConnectionSaved }: RestoreIpcDeps): AreaHandlers<RestoreChannel> {
  const notice = () => heldWrites.notice(agencyConnectionSaved());
  return {
    'restore:notice': async () => notice(),
    'restore:check-write': async ({ id }) => {
      const held = heldWrites.list().find((write) => write.id === id);
      const booking = held && held.bookingId !== null ? ledger.get(held.bookingId) : null;
      // Its profile must be on this counter (the backup may come from another): refused in words before anything moves.
      if (booking) profiles.find(booking.profileId);
      const intent = heldWrites.release(id);
      // The engine's look at a payment, a cancellation or a change reads the booking; a hold is never released here.
      const settlement = await engine.settleIntent(intent).catch(() => ({ settled: false as const }));
      if (!settlement.settled) {
        ledger.scheduleIntent(intent.id, Date.now() + LOOK_AGAIN_MS);
        return {
          notice: notice(),
          outcome:
            'Not confirmed yet: the service did not show what became of it. Packdesk keeps checking by itself (never sending it again) and updates the booking.',
        };
      }
      const after = settlement.booking ?? (intent.bookingId !== null ? ledger.get(intent.bookingId) : null);
      return { notice: notice(), outcome: settlement.refusal?.message ?? after?.attention ?? 'Checked with the service.' };
    },
    'restore:discard-write': async ({ id }) => {
      heldWrites.discard(id);
      return notice();
    },
  };
}
