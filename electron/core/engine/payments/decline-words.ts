import { ServiceError } from '../../api/service-errors';

/** Decline codes in words, with what to try next. */
const DECLINES: Record<string, { message: string; hint: string }> = {
  generic_decline: {
    message: 'The bank declined the card without giving a reason.',
    hint: 'Ask for another card, or ask the traveler to call their bank.',
  },
  insufficient_funds: { message: 'The card has insufficient funds for this amount.', hint: 'Ask for another card.' },
  lost_card: { message: 'The card was reported lost.', hint: 'Do not try it again; ask for another card.' },
  stolen_card: { message: 'The card was reported stolen.', hint: 'Do not try it again; ask for another card.' },
  expired_card: { message: 'The card has expired.', hint: 'Check the expiry date, or ask for another card.' },
  incorrect_cvc: { message: 'The security code (CVC) is wrong.', hint: 'Enter the card again with the right code.' },
  processing_error: { message: 'The bank could not process the card just now.', hint: 'Try the same card again in a moment.' },
  fraudulent: { message: 'The payment was blocked as likely fraud.', hint: 'Ask for another card.' },
  card_velocity_exceeded: {
    message: 'The card has been used too often in a short time.',
    hint: 'Ask for another card, or try again later.',
  },
  authentication_failed: {
    message: 'The cardholder did not pass the bank’s 3-D Secure check.',
    hint: 'Try again, or ask for another card.',
  },
};

/** Packdesk's words for a known decline code; for any other, the code and the service's own explanation. */
export function declineWords(code: string | null, serviceSaid: string | null = null): { message: string; hint: string } {
  const known = code ? DECLINES[code] : undefined;
  if (known) return known;
  return {
    message: `The card was declined${code ? ` (${code})` : ''}.${serviceSaid ? ` The service says: “${serviceSaid}”` : ''}`,
    hint: 'Ask for another card.',
  };
}

/** A 402 on book is a refused card: 3-D Secure is answered by the client before it gets here, and the spec leaves the code "not shown". */
export const isDecline = (error: unknown): error is ServiceError => error instanceof ServiceError && error.status === 402;

/** The bank's reason, under whichever field the service puts it (Stripe's `decline_code`, or a `reason`). */
export const declineCodeOf = (error: ServiceError): string | null => {
  const body = error.body as { decline_code?: unknown; reason?: unknown; decline_reason?: unknown } | null;
  const code = body?.decline_code ?? body?.decline_reason ?? body?.reason;
  return typeof code === 'string' && /^[a-z_]{1,60}$/.test(code) ? code : null;
};
