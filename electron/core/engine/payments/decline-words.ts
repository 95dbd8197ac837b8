import { defineMessages } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';
import { ServiceError } from '../../api/service-errors';
import type { Text } from '../../i18n/main-words';

const words = defineMessages({
  genericDecline: { id: 'error.decline.genericDecline.message', defaultMessage: 'The bank declined the card without giving a reason.' },
  genericDeclineHint: {
    id: 'error.decline.genericDecline.hint',
    defaultMessage: 'Ask for another card, or ask the traveler to call their bank.',
  },
  insufficientFunds: { id: 'error.decline.insufficientFunds.message', defaultMessage: 'The card has insufficient funds for this amount.' },
  insufficientFundsHint: { id: 'error.decline.insufficientFunds.hint', defaultMessage: 'Ask for another card.' },
  lostCard: { id: 'error.decline.lostCard.message', defaultMessage: 'The card was reported lost.' },
  lostCardHint: { id: 'error.decline.lostCard.hint', defaultMessage: 'Do not try it again; ask for another card.' },
  stolenCard: { id: 'error.decline.stolenCard.message', defaultMessage: 'The card was reported stolen.' },
  stolenCardHint: { id: 'error.decline.stolenCard.hint', defaultMessage: 'Do not try it again; ask for another card.' },
  expiredCard: { id: 'error.decline.expiredCard.message', defaultMessage: 'The card has expired.' },
  expiredCardHint: { id: 'error.decline.expiredCard.hint', defaultMessage: 'Check the expiry date, or ask for another card.' },
  incorrectCvc: { id: 'error.decline.incorrectCvc.message', defaultMessage: 'The security code (CVC) is wrong.' },
  incorrectCvcHint: { id: 'error.decline.incorrectCvc.hint', defaultMessage: 'Enter the card again with the right code.' },
  processingError: { id: 'error.decline.processingError.message', defaultMessage: 'The bank could not process the card just now.' },
  processingErrorHint: { id: 'error.decline.processingError.hint', defaultMessage: 'Try the same card again in a moment.' },
  fraudulent: { id: 'error.decline.fraudulent.message', defaultMessage: 'The payment was blocked as likely fraud.' },
  fraudulentHint: { id: 'error.decline.fraudulent.hint', defaultMessage: 'Ask for another card.' },
  cardVelocityExceeded: {
    id: 'error.decline.cardVelocityExceeded.message',
    defaultMessage: 'The card has been used too often in a short time.',
  },
  cardVelocityExceededHint: { id: 'error.decline.cardVelocityExceeded.hint', defaultMessage: 'Ask for another card, or try again later.' },
  authenticationFailed: {
    id: 'error.decline.authenticationFailed.message',
    defaultMessage: 'The cardholder did not pass the bank’s 3-D Secure check.',
  },
  authenticationFailedHint: { id: 'error.decline.authenticationFailed.hint', defaultMessage: 'Try again, or ask for another card.' },
  declined: {
    id: 'error.decline.other.message',
    defaultMessage:
      'The card was declined{withCode, select, yes { ({code})} other {}}.{withWords, select, yes { The service says: “{said}”} other {}}',
  },
  declinedHint: { id: 'error.decline.other.hint', defaultMessage: 'Ask for another card.' },
});

/** Decline codes in words, with what to try next. */
const DECLINES: Record<string, { message: Message; hint: Message }> = {
  generic_decline: { message: words.genericDecline, hint: words.genericDeclineHint },
  insufficient_funds: { message: words.insufficientFunds, hint: words.insufficientFundsHint },
  lost_card: { message: words.lostCard, hint: words.lostCardHint },
  stolen_card: { message: words.stolenCard, hint: words.stolenCardHint },
  expired_card: { message: words.expiredCard, hint: words.expiredCardHint },
  incorrect_cvc: { message: words.incorrectCvc, hint: words.incorrectCvcHint },
  processing_error: { message: words.processingError, hint: words.processingErrorHint },
  fraudulent: { message: words.fraudulent, hint: words.fraudulentHint },
  card_velocity_exceeded: { message: words.cardVelocityExceeded, hint: words.cardVelocityExceededHint },
  authentication_failed: { message: words.authenticationFailed, hint: words.authenticationFailedHint },
};

/** Packdesk's words for a known decline code; for any other, the code and the service's own explanation (as it said it). */
export function declineWords(code: string | null, serviceSaid: string | null = null): { message: Text; hint: Text } {
  const known = code ? DECLINES[code] : undefined;
  if (known) return { message: { message: known.message }, hint: { message: known.hint } };
  return {
    message: {
      message: words.declined,
      values: { withCode: code ? 'yes' : 'no', code: code ?? '', withWords: serviceSaid ? 'yes' : 'no', said: serviceSaid ?? '' },
    },
    hint: { message: words.declinedHint },
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
