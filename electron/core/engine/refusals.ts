import { defineMessages } from '../../../shared/i18n/messages';
import type { BookingRecord } from '../../../shared/bookings';
import { isConfirmedStatus } from '../../../shared/status-rules';
import { AppError } from '../app-error';
import { serviceSays } from '../api/messages';
import { ServiceError } from '../api/service-errors';
import { patchFromRead } from './booking-reads';
import type { EngineContext } from './engine-context';

const words = defineMessages({
  cancelRefused: {
    id: 'error.refusals.cancelRefused.message',
    defaultMessage:
      'The service refused to cancel this booking{read, select, yes {, which it shows as {shown}} other {}}{reason, select, said {: “{said}”} code { (service code {code}, HTTP {status})} other { (service code none, HTTP {status})}}. Nothing was changed.',
  },
  changeRefused: {
    id: 'error.refusals.changeRefused.message',
    defaultMessage:
      'The service refused to change this booking{read, select, yes {, which it shows as {shown}} other {}}{reason, select, said {: “{said}”} code { (service code {code}, HTTP {status})} other { (service code none, HTTP {status})}}. Nothing was changed.',
  },
  learntHint: {
    id: 'error.refusals.learnt.hint',
    defaultMessage:
      'Packdesk no longer offers to cancel bookings in status {shown} on this profile; Settings → the profile → Statuses of this service changes that.',
  },
  checkHint: {
    id: 'error.refusals.check.hint',
    defaultMessage: 'The booking on screen is as the service shows it now; check it before trying again.',
  },
});

/** A conflict with the booking's state: what a service answers when a status does not allow the step (409 or 422 in practice). */
const isStateRefusal = (error: unknown): error is ServiceError =>
  error instanceof ServiceError && (error.status === 409 || error.status === 422);

/**
 * A cancel or change the service refused as a conflict with the booking (409 or 422). The booking
 * is read back first: the ledger may be behind (cancelled elsewhere, changed at another counter),
 * and then the read explains the refusal. Only a cancel refused in the very status the service
 * still shows is learnt as not cancellable, and never a confirmed status (a Paid booking may be
 * refused for reasons of its own). The agent reads the service's reason either way.
 */
export async function refusedInStatus(
  context: EngineContext,
  error: unknown,
  booking: BookingRecord,
  action: 'cancel' | 'change',
): Promise<unknown> {
  if (!isStateRefusal(error)) return error;
  const read = await context.readBack(booking);
  const rules = context.rulesOf(booking);
  const shown = read?.status ?? booking.status;
  if (read) {
    // The row as it is after the refused write was recorded (its version moved on with it).
    const current = context.bookingOf(booking.id);
    const found = patchFromRead(current, read, rules);
    if (found)
      context.ledger.applyRead(current.id, current.version, found.patch, { type: 'status', summary: found.summary, words: found.words });
  }
  const learnt = action === 'cancel' && read !== null && read.status === booking.status && !isConfirmedStatus(shown, rules);
  if (learnt) context.learn(booking, 'notCancellable', true);
  const said = serviceSays(error.serviceMessage);
  return new AppError(
    action === 'cancel' ? 'cancel_refused' : 'change_refused',
    {
      message: action === 'cancel' ? words.cancelRefused : words.changeRefused,
      values: {
        read: read ? 'yes' : 'no',
        shown,
        // The service's own words, as it sent them; else its code and HTTP status, for support.
        reason: said ? 'said' : error.serviceCode !== null ? 'code' : 'none',
        said: said ?? '',
        code: error.serviceCode ?? '',
        status: error.status ?? '–',
      },
    },
    learnt ? { message: words.learntHint, values: { shown } } : { message: words.checkHint },
  );
}
