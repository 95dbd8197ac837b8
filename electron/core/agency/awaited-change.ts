import { AppError } from '../app-error';

/** A change asked for at this counter while another counter's change of the booking waits for the traveler's payment. */
export const changeAwaitingPaymentElsewhere = (): AppError =>
  new AppError(
    'change_awaiting_payment',
    'A change of this booking made at another counter is waiting for the traveler’s payment at its link.',
    'Nothing was sent. Once the traveler has paid it, the booking shows the new stay here; if they will not pay, the counter that made it can mark it abandoned. Then change the booking if it is still needed.',
  );
