import { defineMessages } from '../../../shared/i18n/messages';
import { fieldHoldingCardNumber } from '../../../shared/card-number-screening';
import { AppError } from '../app-error';
import { sendWithinPatience } from '../api/retry-policy';
import { ServiceError } from '../api/service-errors';
import type { IntentDetailInput } from '../ledger/intent-details';
import type { LedgerEvent, OpenIntent, WriteOperation } from '../ledger/ledger';
import { attentionWords, eventWords } from '../ledger/ledger-words';
import type { Worded } from '../ledger/ledger-words';
import type { EngineContext } from './engine-context';
import { waitToResendBusy } from './busy-resend';
import type { Settlement } from './settlement';

const words = defineMessages({
  cardNumberInText: {
    id: 'error.write.cardNumberInText.message',
    defaultMessage: 'The {field} looks like it holds a card number, which Packdesk never stores or sends.',
  },
  cardNumberInTextHint: {
    id: 'error.write.cardNumberInText.hint',
    defaultMessage: 'Remove the number; take the card only in the payment step.',
  },
});

const lines = defineMessages({
  refusedByService: { id: 'timeline.write.refusedByService', defaultMessage: 'Refused by the service: {reason}' },
  notSent: { id: 'timeline.write.notSent', defaultMessage: 'Not sent: {reason}' },
  notSentUnexpected: {
    id: 'timeline.write.notSentUnexpected',
    defaultMessage: 'Not sent: an unexpected error stopped it before the service answered.',
  },
  unreadableJournal: {
    id: 'attention.write.unreadableJournal',
    defaultMessage:
      'A {operation, select, prebook {hold} book {book} cancel {cancel} modification {modification} other {{operation}}} whose answer was lost was journaled in a form this Packdesk cannot read, so it cannot tell what the service did. Check this booking with the service’s support before telling the traveler.',
  },
  unreadableJournalLine: {
    id: 'timeline.write.unreadableJournal',
    defaultMessage: 'A write whose answer was lost could not be checked: its journal entry is unreadable.',
  },
});

export type WriteResult<A> =
  { kind: 'answered'; answer: A; intentId: number; clientReference: string | null } | { kind: 'lost'; intent: OpenIntent };

export interface WriteSpec<A, O extends WriteOperation> {
  operation: O;
  bookingId: number | null;
  /** What the reconciler needs to settle the write if its answer is lost; screened for card numbers first. */
  detail: IntentDetailInput<O>;
  send: (clientReference: string | null) => Promise<A>;
  /** What the booking shows while the outcome is unknown (null: nothing, a write on no booking yet). */
  whileUnknown: Worded | null;
  /** A timeline entry for a definite refusal (a declined card), committed with the intent's outcome. */
  refusalEvent?: (error: ServiceError) => LedgerEvent | undefined;
}

/** The profile a write on no booking yet (a prebook) goes out on, from what its intent records. */
const profileOfDetail = (detail: object): number | null =>
  'profileId' in detail && typeof detail.profileId === 'number' ? detail.profileId : null;

/**
 * The one path of every call that can change the service. The intent and the booking's in-flight
 * mark are committed before the call; the caller commits the outcome with the ledger change after
 * it (`ledger.finishWrite`). A refusal is recorded here; a lost answer leaves the intent open for
 * the reconciler, with the moment after which a read showing no effect can be believed.
 */
export async function journaledWrite<A, O extends WriteOperation>(context: EngineContext, spec: WriteSpec<A, O>): Promise<WriteResult<A>> {
  const field = fieldHoldingCardNumber(spec.detail);
  if (field !== null) {
    throw new AppError(
      'card_number_in_text',
      { message: words.cardNumberInText, values: { field: field.replace(/[.[\]]+/g, ' ').trim() } },
      { message: words.cardNumberInTextHint },
    );
  }
  const profileId = spec.bookingId !== null ? context.bookingOf(spec.bookingId).profileId : profileOfDetail(spec.detail);
  if (profileId !== null) context.deps.beforeWrite?.(profileId);
  // In an agency, one counter at a time writes a booking: the lease first, then the intent.
  const agency = spec.bookingId !== null ? (context.deps.agency?.() ?? null) : null;
  if (agency && spec.bookingId !== null) await agency.beginWrite(spec.bookingId);
  let begun: { intentId: number; clientReference: string | null };
  try {
    begun = context.ledger.beginWrite(spec.operation, spec.bookingId, spec.detail);
  } catch (error) {
    if (agency && spec.bookingId !== null) agency.abandon(spec.bookingId);
    throw error;
  }
  const { intentId, clientReference } = begun;
  await agency?.shareInFlight();
  let sentAt = context.now();
  try {
    // A write turned away as busy goes again under the same intent, within the client's patience.
    const answer = await sendWithinPatience(
      () => {
        sentAt = context.now();
        return spec.send(clientReference);
      },
      (error, attempt, spentMs) =>
        error instanceof ServiceError
          ? waitToResendBusy(context.busyResend, error, attempt, spentMs, spec.bookingId)
          : Promise.resolve(null),
    );
    return { kind: 'answered', answer, intentId, clientReference };
  } catch (error) {
    return failed(context, spec, intentId, sentAt, error);
  }
}

/** The write's call failed: a lost answer leaves the intent open for the reconciler; a refusal is recorded and thrown. */
function failed<A, O extends WriteOperation>(
  context: EngineContext,
  spec: WriteSpec<A, O>,
  intentId: number,
  sentAt: number,
  error: unknown,
): WriteResult<A> {
  if (error instanceof ServiceError && error.mayHaveReachedService) {
    // A 5xx is an answer: the service is done with the request, so one read after it tells. No
    // answer at all: the request may still be running there, so a read proves nothing for a while.
    const doubtUntil = error.status !== null ? context.now() : sentAt + context.doubtWindowMs;
    return { kind: 'lost', intent: context.ledger.answerLost(intentId, doubtUntil, spec.whileUnknown) };
  }
  // The refusal ends the write's lines on the booking's timeline, in the service's words.
  const event = (error instanceof ServiceError ? spec.refusalEvent?.(error) : undefined) ?? refusalLine(error);
  const refusedAs = error instanceof ServiceError ? (error.serviceCode ?? error.code) : error instanceof AppError ? error.code : 'error';
  context.ledger.finishWrite(intentId, `refused:${refusedAs}`, { event });
  throw error;
}

/** The timeline's last line of a write that was refused, or stopped before the service had it. */
function refusalLine(error: unknown): LedgerEvent {
  // The service's words, and a refusal's English as it was recorded (an AppError's message is English until shown).
  if (error instanceof ServiceError) return { type: 'refused', ...eventWords(lines.refusedByService, { reason: error.message }) };
  if (error instanceof AppError) return { type: 'refused', ...eventWords(lines.notSent, { reason: error.message }) };
  return { type: 'refused', ...eventWords(lines.notSentUnexpected) };
}

/**
 * Whether a read that shows no effect of this write can be believed yet. Without a recorded doubt (Packdesk stopped
 * with the write out) it is counted from the intent: a write goes again after a 429 only within the client's patience
 * of its first send (30 s), so the last send, and its own timeout, still end well inside the window.
 */
export function doubtOver(context: EngineContext, intent: OpenIntent, readStartedAt: number): boolean {
  const until = intent.doubtUntil ?? Date.parse(intent.startedAt) + context.doubtWindowMs;
  return readStartedAt >= until;
}

/** An open write whose journal entry cannot be read: closed, and the agent asked to check it with the service. */
export function settleUnreadable(context: EngineContext, intent: OpenIntent): Settlement {
  const booking = context.ledger.finishWrite(intent.id, 'unreadable_journal', {
    patch: attentionWords(lines.unreadableJournal, { operation: intent.operation }),
    event: { type: 'reconciled', ...eventWords(lines.unreadableJournalLine) },
  });
  return { settled: true, booking };
}
