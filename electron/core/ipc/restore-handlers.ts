import { defineMessages } from '../../../shared/i18n/messages';
import type { BookingEngine } from '../engine/booking-engine';
import type { MainWords } from '../i18n/main-words';
import { textOfWords } from '../ledger/ledger-words';
import type { HeldWrites } from '../ledger/held-writes';
import type { Ledger } from '../ledger/ledger';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';

type RestoreChannel = 'restore:notice' | 'restore:check-write' | 'restore:discard-write';

const outcomes = defineMessages({
  notConfirmedYet: {
    id: 'heldWrite.outcome.notConfirmedYet',
    defaultMessage:
      'Not confirmed yet: the service did not show what became of it. Packdesk keeps checking by itself (never sending it again) and updates the booking.',
  },
  checked: { id: 'heldWrite.outcome.checked', defaultMessage: 'Checked with the service.' },
});

/** How long after an inconclusive check the reconciler looks again (its own backoff follows). */
const LOOK_AGAIN_MS = 2_000;

export interface RestoreIpcDeps {
  heldWrites: HeldWrites;
  engine: BookingEngine;
  ledger: Ledger;
  profiles: ProfileService;
  /** Main's words in the language in use: the check's outcome is worded in it. */
  words: Pick<MainWords, 'text'>;
  /** Whether this counter has an agency connection saved, which waits for the agent after a restore. */
  agencyConnectionSaved: () => boolean;
}

/** The writes a restored backup left open: listed, checked with the service one by one, or discarded. */
export function restoreIpc({
  heldWrites,
  engine,
  ledger,
  profiles,
  words,
  agencyConnectionSaved,
}: RestoreIpcDeps): AreaHandlers<RestoreChannel> {
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
        return { notice: notice(), outcome: words.text({ message: outcomes.notConfirmedYet }) };
      }
      const after = settlement.booking ?? (intent.bookingId !== null ? ledger.get(intent.bookingId) : null);
      // A refusal, or what the booking now asks of the agent (its words, where main wrote them), in the language in use.
      if (settlement.refusal) return { notice: notice(), outcome: settlement.refusal.localize(words).message };
      const attention = after?.attention ? words.text(textOfWords(after.attentionWords, after.attention)) : null;
      return { notice: notice(), outcome: attention ?? words.text({ message: outcomes.checked }) };
    },
    'restore:discard-write': async ({ id }) => {
      heldWrites.discard(id);
      return notice();
    },
  };
}
