import { defineMessages } from '../../../shared/i18n/messages';
import { openablePaymentLink } from '../../../shared/links';
import { AppError } from '../app-error';
import type { BookingEngine } from '../engine/booking-engine';
import { noChangeWaiting } from '../engine/pending-changes';
import type { Ledger } from '../ledger/ledger';
import type { AreaHandlers } from './handlers';

const words = defineMessages({
  linkRefused: {
    id: 'error.bookings.paymentLinkRefused.message',
    defaultMessage: 'The service’s payment link is not a secure web address, so Packdesk will not open it.',
  },
  linkRefusedHint: {
    id: 'error.bookings.paymentLinkRefused.hint',
    defaultMessage: 'Give the traveler the link as shown, or ask the service’s support for a secure one.',
  },
  noBrowser: { id: 'error.bookings.browserUnavailable.message', defaultMessage: 'This Packdesk cannot open a web browser.' },
  noBrowserHint: {
    id: 'error.bookings.browserUnavailable.hint',
    defaultMessage: 'Give the traveler the link or the QR code to open on their phone.',
  },
});

export interface BookingsIpcDeps {
  engine: BookingEngine;
  ledger: Ledger;
  /** Hands a link to the system browser (Electron's shell); absent where there is none. */
  openExternal: ((url: string) => Promise<void>) | undefined;
}

type BookingsChannel =
  | 'bookings:price'
  | 'bookings:hold'
  | 'bookings:prebook'
  | 'bookings:refresh'
  | 'bookings:cancel'
  | 'bookings:preview-change'
  | 'bookings:confirm-change'
  | 'bookings:acknowledge'
  | 'bookings:open-payment-link'
  | 'bookings:resolve-change';

/** Price, hold and prebook; then a booking's refresh, cancel and changes. Each handler is one call into its flow. */
export function bookingsIpc({ engine, ledger, openExternal }: BookingsIpcDeps): AreaHandlers<BookingsChannel> {
  return {
    'bookings:price': (input) => engine.price(input),
    'bookings:hold': (input) => engine.startHold(input.quote, input.paxAges),
    'bookings:prebook': (input) => engine.prebook(input.holdId, input.holder),
    'bookings:refresh': (input) => engine.refresh(input.bookingId),
    'bookings:cancel': (input) => engine.cancel(input.bookingId, input.reason),
    'bookings:preview-change': (input) => engine.previewChange(input),
    'bookings:confirm-change': (input) => engine.confirmChange(input),
    'bookings:acknowledge': async (input) => engine.acknowledge(input.bookingId),
    'bookings:resolve-change': (input) => engine.resolvePendingChange(input.bookingId, input.outcome, input.note),
    'bookings:open-payment-link': async (input) => {
      const booking = ledger.get(input.bookingId);
      const link = openablePaymentLink(booking?.pendingModification?.paymentLink);
      if (!booking?.pendingModification) throw noChangeWaiting();
      if (!link) throw new AppError('payment_link_refused', { message: words.linkRefused }, { message: words.linkRefusedHint });
      if (!openExternal) throw new AppError('browser_unavailable', { message: words.noBrowser }, { message: words.noBrowserHint });
      await openExternal(link);
      return { opened: link };
    },
  };
}
