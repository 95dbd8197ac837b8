import { useIntl } from 'react-intl';
import { Text } from '@mantine/core';
import { formatNumber } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import type { TodayFigures } from '../../../../shared/reports';
import { useNow } from '../../hooks/use-now';
import { useAppStore } from '../../stores/app-store';
import { reportAmount, waitedFor } from '../../../../shared/report-wording';
import { useWording } from '../../i18n/use-wording';
import { recordedWords } from '../../../../shared/i18n/recorded-words';

const words = defineMessages({
  open: { id: 'today.needs.open', defaultMessage: 'Open {reference}' },
  noChangeWaiting: { id: 'today.needs.waiting.none', defaultMessage: 'No change is waiting for a traveler’s payment.' },
  waiting: { id: 'today.needs.waiting', defaultMessage: 'Changes waiting for payment' },
  oldest: {
    id: 'today.needs.waiting.oldest',
    defaultMessage: 'The oldest {shown} of {total, plural, one {# change} other {# changes}}.',
  },
  change: { id: 'today.needs.waiting.column.change', defaultMessage: 'Change' },
  traveler: { id: 'today.needs.waiting.column.traveler', defaultMessage: 'Traveler' },
  toPay: { id: 'today.needs.waiting.column.toPay', defaultMessage: 'To pay' },
  waited: { id: 'today.needs.waiting.column.waiting', defaultMessage: 'Waiting' },
  noAmount: { id: 'today.needs.waiting.noAmount', defaultMessage: '—' },
  sinceBefore: { id: 'today.needs.waiting.sinceBefore', defaultMessage: 'since before {product} kept the time' },
  nothingFlagged: { id: 'today.needs.flagged.none', defaultMessage: 'No booking needs a person.' },
  flagged: { id: 'today.needs.flagged', defaultMessage: 'Bookings that need a person' },
  newest: {
    id: 'today.needs.flagged.newest',
    defaultMessage: 'The newest {shown} of {total, plural, one {# booking} other {# bookings}}.',
  },
});

/** A row's way to its booking: a plain button (fifty of them draw at once on a busy day). */
function OpenBooking({ bookingId, reference }: { bookingId: number; reference: string }) {
  const intl = useIntl();
  const openBooking = useAppStore((state) => state.openBooking);
  return (
    <button type="button" className="row-action" onClick={() => openBooking(bookingId)}>
      {intl.formatMessage(words.open, { reference })}
    </button>
  );
}

/** Changes still waiting for the traveler's payment, oldest first, with how long each has waited. */
export function WaitingChanges({ figures }: { figures: TodayFigures }) {
  const intl = useIntl();
  const wording = useWording();
  const now = useNow(60_000);
  if (figures.changesWaitingTotal === 0)
    return (
      <Text c="dimmed" size="sm">
        {intl.formatMessage(words.noChangeWaiting)}
      </Text>
    );
  return (
    <table aria-label={intl.formatMessage(words.waiting)} className="report-table">
      {figures.changesWaitingTotal > figures.changesWaiting.length && (
        <caption>
          {intl.formatMessage(words.oldest, { shown: formatNumber(figures.changesWaiting.length), total: figures.changesWaitingTotal })}
        </caption>
      )}
      <thead>
        <tr>
          <th>{intl.formatMessage(words.change)}</th>
          <th>{intl.formatMessage(words.traveler)}</th>
          <th className="amount">{intl.formatMessage(words.toPay)}</th>
          <th>{intl.formatMessage(words.waited)}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {figures.changesWaiting.map((change) => (
          <tr key={change.bookingId}>
            <td>{change.reference}</td>
            <td>{change.holder}</td>
            <td className="amount">
              {change.amountMinor === null
                ? intl.formatMessage(words.noAmount)
                : reportAmount(change.amountMinor, change.currency, wording)}
            </td>
            <td>
              {change.requestedAt
                ? waitedFor(change.requestedAt, now, wording)
                : intl.formatMessage(words.sinceBefore, { product: PRODUCT_NAME })}
            </td>
            <td>
              <OpenBooking bookingId={change.bookingId} reference={change.clientReference} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Bookings that need a person, newest first, each with what Packdesk says about it. */
export function FlaggedBookings({ figures }: { figures: TodayFigures }) {
  const intl = useIntl();
  if (figures.flaggedTotal === 0)
    return (
      <Text c="dimmed" size="sm">
        {intl.formatMessage(words.nothingFlagged)}
      </Text>
    );
  return (
    <table aria-label={intl.formatMessage(words.flagged)} className="report-table">
      {figures.flaggedTotal > figures.flagged.length && (
        <caption>{intl.formatMessage(words.newest, { shown: formatNumber(figures.flagged.length), total: figures.flaggedTotal })}</caption>
      )}
      <tbody>
        {figures.flagged.map((booking) => (
          <tr key={booking.bookingId}>
            <td>{booking.holder}</td>
            <td>{recordedWords(intl, booking.attention, booking.attentionWords)}</td>
            <td>
              <OpenBooking bookingId={booking.bookingId} reference={booking.clientReference} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
