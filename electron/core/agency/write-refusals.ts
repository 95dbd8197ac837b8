import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';

const words = defineMessages({
  changedElsewhere: {
    id: 'error.agency.changedElsewhere.message',
    defaultMessage: 'This booking was changed at another counter a moment ago, and that change had not reached this counter yet.',
  },
  changedElsewhereHint: {
    id: 'error.agency.changedElsewhere.hint',
    defaultMessage:
      'Nothing was sent. Look at the booking again (it shows the other counter’s change now) and then do what is still needed.',
  },
  madeElsewhere: {
    id: 'error.agency.bookingElsewhere.message',
    defaultMessage:
      'This booking was made at {counter}, and the agency ledger cannot be reached, so this counter cannot be sure no other counter is changing it.',
  },
  madeElsewhereHint: {
    id: 'error.agency.bookingElsewhere.hint',
    defaultMessage:
      'Nothing was sent. Wait until the status bar says “Agency ledger: live”, then do it again. Or make the change at {counter}.',
  },
  othersHaveIt: {
    id: 'error.agency.othersHaveIt.message',
    defaultMessage:
      'The agency ledger cannot be reached, and the other counters already have this booking, so this counter cannot be sure none of them is changing it.',
  },
  waitForLive: {
    id: 'error.agency.waitForLive.hint',
    defaultMessage: 'Nothing was sent. Wait until the status bar says “Agency ledger: live”, then do it again.',
  },
});

/** A write on a booking another counter changed a moment ago, before that change reached this counter. */
export function changedElsewhere(): AppError {
  return new AppError('booking_busy', { message: words.changedElsewhere }, { message: words.changedElsewhereHint });
}

/** A write on a booking other counters know, while the agency that keeps one writer per booking cannot be asked. */
export function cannotAskAgency(originCounter: string | null): AppError {
  return originCounter !== null
    ? new AppError(
        'agency_booking_elsewhere',
        { message: words.madeElsewhere, values: { counter: originCounter } },
        { message: words.madeElsewhereHint, values: { counter: originCounter } },
      )
    : new AppError('agency_unreachable', { message: words.othersHaveIt }, { message: words.waitForLive });
}
