import { Text } from '@mantine/core';
import { plural } from '../../../../shared/format';
import type { TodayFigures } from '../../../../shared/reports';
import { useNow } from '../../hooks/use-now';
import { useAppStore } from '../../stores/app-store';
import { reportMoney, waitedFor } from '../../../../shared/report-money';

/** A row's way to its booking: a plain button (fifty of them draw at once on a busy day). */
function OpenBooking({ bookingId, reference }: { bookingId: number; reference: string }) {
  const openBooking = useAppStore((state) => state.openBooking);
  return (
    <button type="button" className="row-action" onClick={() => openBooking(bookingId)}>
      Open {reference}
    </button>
  );
}

/** Changes still waiting for the traveler's payment, oldest first, with how long each has waited. */
export function WaitingChanges({ figures }: { figures: TodayFigures }) {
  const now = useNow(60_000);
  if (figures.changesWaitingTotal === 0)
    return (
      <Text c="dimmed" size="sm">
        No change is waiting for a traveler’s payment.
      </Text>
    );
  return (
    <table aria-label="Changes waiting for payment" className="report-table">
      {figures.changesWaitingTotal > figures.changesWaiting.length && (
        <caption>
          The oldest {figures.changesWaiting.length} of {plural(figures.changesWaitingTotal, 'change')}.
        </caption>
      )}
      <thead>
        <tr>
          <th>Change</th>
          <th>Traveler</th>
          <th className="amount">To pay</th>
          <th>Waiting</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {figures.changesWaiting.map((change) => (
          <tr key={change.bookingId}>
            <td>{change.reference}</td>
            <td>{change.holder}</td>
            <td className="amount">{change.amountMinor === null ? '—' : reportMoney(change.amountMinor, change.currency)}</td>
            <td>{change.requestedAt ? waitedFor(change.requestedAt, now) : 'since before Packdesk kept the time'}</td>
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
  if (figures.flaggedTotal === 0)
    return (
      <Text c="dimmed" size="sm">
        No booking needs a person.
      </Text>
    );
  return (
    <table aria-label="Bookings that need a person" className="report-table">
      {figures.flaggedTotal > figures.flagged.length && (
        <caption>
          The newest {figures.flagged.length} of {plural(figures.flaggedTotal, 'booking')}.
        </caption>
      )}
      <tbody>
        {figures.flagged.map((booking) => (
          <tr key={booking.bookingId}>
            <td>{booking.holder}</td>
            <td>{booking.attention}</td>
            <td>
              <OpenBooking bookingId={booking.bookingId} reference={booking.clientReference} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
