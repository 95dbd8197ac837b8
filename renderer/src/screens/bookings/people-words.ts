import type { IntlShape } from 'react-intl';
import type { BookingRecord, TimelineEvent } from '../../../../shared/bookings';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';

const words = defineMessages({
  made: {
    id: 'bookings.people.made',
    defaultMessage: '{where, select, counter {Made by {agent} at {counter}} other {Made by {agent}}}',
  },
  changed: {
    id: 'bookings.people.changed',
    defaultMessage:
      '{where, select, counter {{approval, select, approved {Last changed by {agent} at {counter}, approved by {approver}} other {Last changed by {agent} at {counter}}}} other {{approval, select, approved {Last changed by {agent}, approved by {approver}} other {Last changed by {agent}}}}}',
  },
  changedAfterMade: {
    id: 'bookings.people.changedAfterMade',
    defaultMessage:
      '{where, select, counter {{approval, select, approved {last changed by {agent} at {counter}, approved by {approver}} other {last changed by {agent} at {counter}}}} other {{approval, select, approved {last changed by {agent}, approved by {approver}} other {last changed by {agent}}}}}',
  },
  madeAndChanged: { id: 'bookings.people.madeAndChanged', defaultMessage: '{made} · {changed}' },
  lineByPackdesk: { id: 'bookings.people.lineByPackdesk', defaultMessage: '— {product}' },
  lineByAgent: {
    id: 'bookings.people.lineByAgent',
    defaultMessage: '{approval, select, approved {— {agent}, approved by {approver}} other {— {agent}}}',
  },
});

const where = (counter: string | null) => ({ where: counter ? 'counter' : 'none', counter: counter ?? '' });
const approval = (approver: string | null) => ({ approval: approver ? 'approved' : 'none', approver: approver ?? '' });

/**
 * Who made the booking and who last changed it, and where: "Made by Ana at Desk 2 · last changed by
 * Ben at Desk 1, approved by Sam". Null when no agent is named (training with no agents, bookings from before).
 */
export function madeAndChangedWords(intl: IntlShape, booking: BookingRecord): string | null {
  const made = booking.madeBy ? intl.formatMessage(words.made, { agent: booking.madeBy, ...where(booking.madeAtCounter) }) : null;
  if (!booking.changedBy) return made;
  const changedBy = { agent: booking.changedBy, ...where(booking.changedAtCounter), ...approval(booking.changedApprover) };
  if (!made) return intl.formatMessage(words.changed, changedBy);
  return intl.formatMessage(words.madeAndChanged, { made, changed: intl.formatMessage(words.changedAfterMade, changedBy) });
}

/** Who wrote a timeline line: "— Ana, approved by Sam", "— Packdesk" for its own reads and recoveries; null when nobody is named. */
export function lineAuthorWords(intl: IntlShape, event: TimelineEvent): string | null {
  if (event.byPackdesk) return intl.formatMessage(words.lineByPackdesk, { product: PRODUCT_NAME });
  return event.agent ? intl.formatMessage(words.lineByAgent, { agent: event.agent, ...approval(event.approver) }) : null;
}
