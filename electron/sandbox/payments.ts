/** Spec endpoint 4: book and pay, 3-D Secure, and the supplier's asynchronous confirmation. */
import { randomBytes } from 'node:crypto';
import { bookRequestSchema } from '../../shared/api';
import { transaction } from '../sqlite/database';
import { ApiError, notFound } from './api-error';
import type { State } from './dialect';
import { sameSecret } from './secret-compare';
import { parseBody, requireLive } from './service-context';
import type { BookingRow, Caller, ServiceContext } from './service-context';
import { cardBehaviour, DECLINE_MESSAGES } from './card-behaviours';
import type { CardBehaviour } from './card-behaviours';
import type { ControlSettings } from '../../shared/training-controls';

type IntentRow = {
  id: string;
  booking_id: number;
  client_secret: string;
  payment_method_id: string;
  status: 'requires_action' | 'succeeded' | 'failed' | 'used';
  confirmation_method: 'manual' | 'automatic';
};

/** A booking can be paid only while it holds nothing yet: held, or waiting for 3-D Secure. */
const PAYABLE: readonly State[] = ['pending', 'awaitingAuthentication'];

/** The trainer's card scenario overrides what a card that would pay does; a card that declines declines anyway. */
function bankBehaviour(card: CardBehaviour, outcome: ControlSettings['cardOutcome']): CardBehaviour {
  if (card.kind === 'declined' || outcome === 'as_card') return card;
  return outcome === 'decline' ? { kind: 'declined', declineCode: 'generic_decline' } : { kind: 'requires_action' };
}

const declined = (declineCode: string) =>
  new ApiError('card_declined', DECLINE_MESSAGES[declineCode] ?? 'The card was declined.', { declineCode });

export function payments(context: ServiceContext) {
  const { db, dialect, controls } = context;

  /** Runs supplier confirmation for every booking whose confirmation is due. */
  function settleDue(onlyBookingId?: number): void {
    const due = (
      onlyBookingId === undefined
        ? db.prepare("SELECT * FROM bookings WHERE status = 'confirming' AND confirm_due_at <= ?").all(context.isoNow())
        : db
            .prepare("SELECT * FROM bookings WHERE status = 'confirming' AND confirm_due_at <= ? AND id = ?")
            .all(context.isoNow(), onlyBookingId)
    ) as BookingRow[];
    for (const booking of due) {
      transaction(db, () => {
        const rejected = booking.supplier_outcome === 'reject';
        context.setState(booking.id, rejected ? 'failed' : 'paid');
        context.recordPayment(booking, rejected ? 'release' : 'capture', booking.total_minor);
        context.logEvent(booking.id, rejected ? 'supplier_rejected' : 'supplier_confirmed');
        db.prepare('UPDATE bookings SET confirm_due_at = NULL WHERE id = ?').run(booking.id);
      });
    }
  }

  /** Authorizes, then hands the booking to the supplier; called for a good card or an approved 3-D Secure. */
  function authorize(booking: BookingRow, clientReference: string | undefined, payment: { pm?: string; pi?: string }) {
    const reference = dialect.newReference();
    const dueAt = new Date(context.now() + controls.current.supplierDelayMs).toISOString();
    transaction(db, () => {
      context.recordPayment(booking, 'authorization', booking.total_minor, payment);
      db.prepare(
        'UPDATE bookings SET status = ?, booking_reference = ?, client_reference = ?, supplier_outcome = ?, confirm_due_at = ?, updated_at = ? WHERE id = ?',
      ).run('confirming', reference, clientReference ?? null, controls.current.supplierOutcome, dueAt, context.isoNow(), booking.id);
      if (payment.pi) db.prepare("UPDATE payment_intents SET status = 'used' WHERE id = ?").run(payment.pi);
      context.logEvent(booking.id, 'authorized', { amount_minor: booking.total_minor, currency: booking.currency });
    });
    controls.scheduleSettlement(controls.current.supplierDelayMs);
    return dialect.shapes.book({ id: booking.id, reference, amountMinor: booking.total_minor }, context.shapeContext());
  }

  const requiresAction = (intent: Pick<IntentRow, 'id' | 'client_secret'>, message: string) =>
    new ApiError('payment_requires_action', message, { body: { payment_intent_id: intent.id, client_secret: intent.client_secret } });

  /** Book again with a payment intent: the same intent and secret while the challenge is open, so a client that kept only the id can resume it. */
  function payWithIntent(booking: BookingRow, intentId: string, clientReference: string | undefined) {
    const intent = db.prepare('SELECT * FROM payment_intents WHERE id = ? AND booking_id = ?').get(intentId, booking.id) as
      IntentRow | undefined;
    if (!intent)
      throw new ApiError('payment_intent_invalid', `${intentId} is not a payment intent of booking ${booking.id}.`, {
        fields: [{ field: 'payment_intent_id', problem: 'not a payment intent of this booking' }],
      });
    if (intent.status === 'requires_action') throw requiresAction(intent, '3-D Secure has not been completed for this payment yet.');
    if (intent.status === 'failed') throw declined('authentication_failed');
    if (intent.status === 'used') throw new ApiError('payment_intent_used', `${intent.id} has already paid for a booking.`);
    return authorize(booking, clientReference, { pm: intent.payment_method_id, pi: intent.id });
  }

  function challenge(intentId: string, clientSecret: string) {
    const intent = db.prepare('SELECT * FROM payment_intents WHERE id = ?').get(intentId) as IntentRow | undefined;
    if (!intent || !sameSecret(clientSecret, intent.client_secret)) throw notFound(`Payment ${intentId}`);
    const booking = db.prepare('SELECT total_minor, currency FROM bookings WHERE id = ?').get(intent.booking_id) as {
      total_minor: number;
      currency: string;
    };
    return { ...intent, amountMinor: booking.total_minor, currency: booking.currency };
  }

  return {
    settleDue,

    /** When each booking now waiting for its supplier is due, for timers after a restart. */
    confirmationsDue(): string[] {
      return (
        db.prepare("SELECT confirm_due_at AS due FROM bookings WHERE status = 'confirming' AND confirm_due_at IS NOT NULL").all() as {
          due: string;
        }[]
      ).map((row) => row.due);
    },

    book(caller: Caller, bookingId: number, body: unknown) {
      requireLive(caller);
      const request = parseBody(bookRequestSchema, body);
      const booking = context.ownBooking(caller, bookingId);
      if (!PAYABLE.includes(booking.status)) {
        const status = context.statusOf(booking);
        throw new ApiError(
          booking.booking_reference ? 'already_booked' : 'wrong_state',
          `Booking ${bookingId} is ${status}${booking.booking_reference ? ` with reference ${booking.booking_reference}` : ''}; only a booking that is not yet paid can be booked.`,
        );
      }
      if (request.payment_intent_id) return payWithIntent(booking, request.payment_intent_id, request.client_reference);
      const paymentMethod = request.payment_method_id as string;
      const behaviour = bankBehaviour(cardBehaviour(paymentMethod), controls.current.cardOutcome);
      if (behaviour.kind === 'declined') {
        context.logEvent(booking.id, 'card_declined', { decline_code: behaviour.declineCode });
        throw declined(behaviour.declineCode);
      }
      if (behaviour.kind === 'requires_action') {
        const intent = { id: `pi_${randomBytes(12).toString('hex')}`, client_secret: '' };
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
        transaction(db, () => {
          db.prepare(
            "INSERT INTO payment_intents (id, booking_id, client_secret, payment_method_id, status, confirmation_method, created_at) VALUES (?, ?, ?, ?, 'requires_action', ?, ?)",
          ).run(intent.id, booking.id, intent.client_secret, paymentMethod, dialect.confirmationMethod, context.isoNow());
          context.setState(booking.id, 'awaitingAuthentication');
          context.logEvent(booking.id, 'payment_requires_action', { payment_intent_id: intent.id });
        });
        throw requiresAction(intent, 'The card needs 3-D Secure authentication.');
      }
      return authorize(booking, request.client_reference, { pm: paymentMethod });
    },

    /**
     * The 3-D Secure challenge: the client secret must match, as Stripe requires. `confirmation_method`
     * tells how the intent is confirmed: 'manual' (standard) or 'automatic' (alternate).
     */
    challenge,

    completeChallenge(intentId: string, clientSecret: string, outcome: 'approve' | 'fail') {
      const intent = challenge(intentId, clientSecret);
      if (intent.status !== 'requires_action') throw new ApiError('challenge_finished', 'This authentication was already completed.');
      transaction(db, () => {
        db.prepare('UPDATE payment_intents SET status = ? WHERE id = ?').run(outcome === 'approve' ? 'succeeded' : 'failed', intentId);
        context.logEvent(intent.booking_id, outcome === 'approve' ? 'authentication_succeeded' : 'authentication_failed', {
          payment_intent_id: intentId,
        });
      });
    },
  };
}
