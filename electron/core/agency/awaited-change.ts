import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';

const words = defineMessages({
  awaitingElsewhere: {
    id: 'error.agency.changeAwaitingPayment.message',
    defaultMessage: 'A change of this booking made at another counter is waiting for the traveler’s payment at its link.',
  },
  awaitingElsewhereHint: {
    id: 'error.agency.changeAwaitingPayment.hint',
    defaultMessage:
      'Nothing was sent. Once the traveler has paid it, the booking shows the new stay here; if they will not pay, the counter that made it can mark it abandoned. Then change the booking if it is still needed.',
  },
});

/** A change asked for at this counter while another counter's change of the booking waits for the traveler's payment. */
export const changeAwaitingPaymentElsewhere = (): AppError =>
  new AppError('change_awaiting_payment', { message: words.awaitingElsewhere }, { message: words.awaitingElsewhereHint });
